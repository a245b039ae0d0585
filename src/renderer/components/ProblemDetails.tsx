import './problems.css'

import { useTranslation } from 'react-i18next'

import type { GpuProblem } from '../../shared/gpu'

interface Props {
  problem: GpuProblem
  /** In a banner: the message and fix only, the rest folded away. */
  compact?: boolean
}

/** A GpuProblem explained: translated message and fix, then what was checked and the raw detail. */
export function ProblemDetails({ problem, compact = false }: Props) {
  const { t } = useTranslation()
  const message = t(problem.messageKey, { ns: 'problems', defaultValue: problem.message })
  const fix = t(`${problem.messageKey}.fix`, { ns: 'problems', defaultValue: problem.fix })
  const facts = (
    <>
      {problem.checked.length > 0 && (
        <div className="problem__section">
          <h3>{t('problem.checked')}</h3>
          <ul className="problem__checked" data-testid="problem-checked">
            {problem.checked.map((item, i) => (
              <li key={i}>
                <code>{item}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="problem__ids">
        {problem.failureModeId && (
          <>
            <dt>{t('problem.failureMode')}</dt>
            <dd>
              <code data-testid="problem-failure-mode">{problem.failureModeId}</code>
            </dd>
          </>
        )}
        <dt>{t('problem.code')}</dt>
        <dd>
          <code>{problem.code}</code>
        </dd>
      </dl>
      {problem.detail && (
        <div className="problem__section">
          <h3>{t('problem.detail')}</h3>
          <pre className="problem__detail" data-testid="problem-detail">
            {problem.detail}
          </pre>
        </div>
      )}
    </>
  )
  return (
    <div className="problem__body">
      <p className="problem__message" data-testid="problem-message">
        {message}
      </p>
      <div className="problem__fix">
        <h3>{t('problem.fix')}</h3>
        <p data-testid="problem-fix">{fix}</p>
      </div>
      {compact ? (
        <details>
          <summary>{t('problem.detail')}</summary>
          {facts}
        </details>
      ) : (
        facts
      )}
    </div>
  )
}
