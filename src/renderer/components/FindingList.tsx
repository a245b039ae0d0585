import './findings.css'

import { useTranslation } from 'react-i18next'

import type { Finding } from '../../shared/diagnosis'
import { RichText } from './RichText'
import { findingText } from './finding-texts'

function FindingItem({ f }: { f: Finding }) {
  const { t } = useTranslation()
  const text = findingText(f, t)
  return (
    <li className={`finding finding--${f.severity}`} data-testid={`finding-${f.id}`} data-severity={f.severity}>
      <div className="finding__head">
        <span className={`severity severity--${f.severity}`}>{t(`diag.severity.${f.severity}`)}</span>
        <strong className="finding__title">{text.title}</strong>
        <code className="finding__id" title={t('diag.failureMode')} data-testid="finding-id">
          {f.id}
        </code>
      </div>
      <p className="finding__message" data-testid="finding-message">
        <RichText text={text.message} />
      </p>
      {text.fix && (
        <div className="finding__fix" data-testid="finding-fix">
          <span className="finding__fix-label">{t('diag.fix')}</span>
          <p>
            <RichText text={text.fix} />
          </p>
        </div>
      )}
      {f.evidence && (
        <details className="finding__seen">
          <summary>{t('diag.seen')}</summary>
          <pre className="pre">{f.evidence}</pre>
        </details>
      )}
    </li>
  )
}

/** A step's findings, worst first, each with the fix in plain words and its failure-mode id. */
export function FindingList({ findings }: { findings: Finding[] }) {
  const order = { error: 0, warning: 1, info: 2 } as const
  const sorted = [...findings].sort((a, b) => order[a.severity] - order[b.severity])
  return (
    <ul className="findings" data-testid="findings">
      {sorted.map((f) => (
        <FindingItem key={`${f.id}:${f.message}`} f={f} />
      ))}
    </ul>
  )
}
