import './command-code.css'

import { useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { isCommand } from './command-text'
import { useCopy } from './use-copy'

/** A command inside a sentence, with its own Copy button. */
function CommandCode({ text }: { text: string }) {
  const { t } = useTranslation()
  const code = useRef<HTMLElement>(null)
  const { outcome, copy } = useCopy(text, code)
  return (
    <span className="command" data-testid="command" data-copy={outcome ?? 'idle'}>
      <code ref={code} data-testid="command-text">
        {text}
      </code>
      {/* The label is drawn by CSS so that selecting or reading the sentence does not pick up "Copy". */}
      <button
        type="button"
        className="command__copy"
        onClick={() => void copy()}
        aria-label={t('copy.command', { command: text })}
        data-label={outcome ? t(`copy.${outcome}.short`) : t('copy.button')}
        data-testid="command-copy"
      />
    </span>
  )
}

/**
 * Text with `backtick` spans shown as code; a span that is a shell command gets a Copy button.
 * No HTML is interpreted.
 */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/)
  return (
    <>
      {parts.map((part, i) => (i % 2 === 0 ? part : isCommand(part) ? <CommandCode key={i} text={part} /> : <code key={i}>{part}</code>))}
    </>
  )
}
