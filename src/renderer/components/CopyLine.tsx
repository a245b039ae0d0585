import './copy-line.css'

import { useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { useCopy } from './use-copy'

/** A command on one line with a Copy button; where the clipboard is denied, the text is selected instead. */
export function CopyLine({ label, text, testId }: { label: string; text: string; testId: string }) {
  const { t } = useTranslation()
  const code = useRef<HTMLElement>(null)
  const { outcome, copy } = useCopy(text, code)
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
