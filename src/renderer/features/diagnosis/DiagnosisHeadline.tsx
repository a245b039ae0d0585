import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { STEP_IDS } from '../../../shared/constants'
import { runOptionsOf } from '../../../shared/run-options'
import { RichText } from '../../components/RichText'
import { RunOptionChips } from '../../components/RunOptionChips'
import { StatusBadge } from '../../components/StatusBadge'
import { findingText } from '../../components/finding-texts'
import { stepNumber } from '../../components/step-status'
import { useDiagnosis } from './diagnosis-context'
import { headlineOf } from './headline'

/** After a run, the answer first: the verdict, the first problem with its fix (commands copyable), and export. */
export function DiagnosisHeadline({ exportSlot }: { exportSlot?: ReactNode }) {
  const { t } = useTranslation()
  const results = useDiagnosis((s) => s.results)
  const running = useDiagnosis((s) => s.run !== null)
  const finishedAt = useDiagnosis((s) => s.finishedAt)
  const environment = useDiagnosis((s) => s.environment)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const announced = useRef(finishedAt)
  const sawRun = useRef(running)
  // A run that just finished here: the keyboard and the screen reader go to its answer. A saved
  // result shown after a reload is no such moment: the focus stays where the reader left it.
  useEffect(() => {
    if (running) {
      sawRun.current = true
      return
    }
    if (!sawRun.current || finishedAt === null || finishedAt === announced.current) return
    sawRun.current = false
    announced.current = finishedAt
    titleRef.current?.focus()
  }, [finishedAt, running])
  if (running) return null
  const h = headlineOf(STEP_IDS.map((id) => results[id]).filter((r) => r !== undefined))
  if (!h) return null
  const first = h.first ? findingText(h.first.finding, t) : null
  return (
    <section className={`card headline headline--${h.verdict}`} data-testid="headline" data-verdict={h.verdict} aria-labelledby="headline-title">
      <div className="headline__top">
        <StatusBadge display={h.verdict} testId="headline-status" />
        <h2 className="headline__title" id="headline-title" data-testid="headline-title" tabIndex={-1} ref={titleRef}>
          {h.problems > 0
            ? t('diag.headline.problems', { count: h.problems })
            : h.verdict === 'fail'
              ? t('diag.headline.failedSteps', { count: h.failedSteps })
              : t('diag.headline.allGood', { count: h.ran })}
          {first && <span className="headline__first"> {first.title}</span>}
        </h2>
        <RunOptionChips options={runOptionsOf(environment ?? {})} testId="headline-options" />
      </div>
      {h.first && first && (
        <div className="headline__fix" data-testid="headline-fix">
          <p className="headline__message">
            <RichText text={first.message} />
          </p>
          <p>
            <span className="finding__fix-label">{t('diag.fix')}</span> <RichText text={first.fix} />
          </p>
          <button
            type="button"
            className="button button--link"
            onClick={() => document.getElementById(`step-${h.first!.step}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            data-testid="headline-goto"
          >
            {t('diag.headline.goto', { n: stepNumber(h.first.step), title: t(`step.${h.first.step}.title`, { ns: 'steps' }) })}
          </button>
        </div>
      )}
      {exportSlot && <div className="headline__export">{exportSlot}</div>}
    </section>
  )
}
