import './copy-line.css'

import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { copyText, type CopyOutcome, selectContents } from './clipboard'

/** A command on one line with a Copy button; where the clipboard is denied, the text is selected instead. */
export function CopyLine({ label, text, testId }: { label: string; text: string; testId: string }) {
  const { t } = useTranslation()
  const code = useRef<HTMLElement>(null)
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null)
  // "Copied" fades after a while; "press Ctrl+C" stays until the next click.
  useEffect(() => {
    if (outcome !== 'copied') return
    const timer = setTimeout(() => setOutcome(null), 4000)
    return () => clearTimeout(timer)
  }, [outcome])
  const copy = async () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    setOutcome(await copyText(text, { clipboard, select: () => selectContents(code.current) }))
  }
  return (
    <div className="copy-line" data-testid={testId} data-copy={outcome ?? 'idle'}>
      <span className="copy-line__label">{label}</span>
      <code className="copy-line__text" ref={code} data-testid={`${testId}-text`}>
        {text}
      </code>
      <button type="button" className="button button--small" onClick={() => void copy()} data-testid={`${testId}-button`}>
        {t('copy.button')}
      </button>
      <span className="copy-line__status" role="status">
        {outcome ? t(`copy.${outcome}`) : ''}
      </span>
    </div>
  )
}
