import './problems.css'

import { useTranslation } from 'react-i18next'

import type { GpuProblem } from '../../shared/gpu'
import { ProblemDetails } from './ProblemDetails'

/** The whole page's answer when there is no usable GPU: what happened, what to do, what was checked. */
export function ProblemView({ problem, onRetry }: { problem: GpuProblem; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <section className="card problem" data-testid="problem" data-code={problem.code}>
      <div className="problem__head">
        <h2>{t('problem.title')}</h2>
        <button type="button" className="button" onClick={onRetry} data-testid="problem-retry">
          {t('problem.retry')}
        </button>
      </div>
      <ProblemDetails problem={problem} />
    </section>
  )
}
