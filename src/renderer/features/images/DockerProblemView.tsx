import '../../components/findings.css'

import { useTranslation } from 'react-i18next'

import type { DockerProblem } from '../../../shared/docker'
import { RichText } from '../../components/RichText'
import { coreOr } from '../../components/core-or'

/**
 * A Docker failure explained: what happened and what to do. English shows the core's own words
 * (they name the endpoint, the image); other languages the catalog's. Details hold the engine's raw error.
 */
export function DockerProblemView({ problem, endpoint = '', testId = 'docker-problem' }: { problem: DockerProblem; endpoint?: string; testId?: string }) {
  const { t, i18n } = useTranslation()
  // The engine's address, so a translated text names the socket as the core's English does.
  const message = coreOr(i18n.language, problem.message, () => t(`dockerProblem.${problem.code}`, { endpoint, defaultValue: problem.message }))
  const fix = coreOr(i18n.language, problem.fix, () => t(`dockerProblem.${problem.code}.fix`, { endpoint, defaultValue: problem.fix }))
  // The engine's raw error, as it said it (a log line to search for, not a text to translate).
  const detail = problem.detail.trim()
  return (
    <div className="docker-problem" data-testid={testId} data-code={problem.code}>
      <p className="docker-problem__message" data-testid={`${testId}-message`}>
        <RichText text={message} />
      </p>
      {fix && fix !== '—' && (
        <div className="finding__fix" data-testid={`${testId}-fix`}>
          <span className="finding__fix-label">{t('diag.fix')}</span>
          <p>
            <RichText text={fix} />
          </p>
        </div>
      )}
      <p className="docker-problem__ids muted">
        {t('problem.code')}: <code>{problem.code}</code>
        {problem.failureModeId && (
          <>
            {' · '}
            {t('problem.failureMode')}: <code>{problem.failureModeId}</code>
          </>
        )}
      </p>
      {detail && (
        <details className="docker-problem__detail">
          <summary>{t('problem.detail')}</summary>
          <pre className="pre">{detail}</pre>
        </details>
      )}
    </div>
  )
}
