import type { TFunction } from 'i18next'

import type { StepId } from '../../../shared/diagnosis'
import { STEP_IDS } from '../../../shared/constants'

const isStep = (id: string): id is StepId => (STEP_IDS as readonly string[]).includes(id)

/** A compared or fleet field in words: a fact (`torch`), or a step's verdict (`step.conv-timing`). */
export function fieldLabel(field: string, t: TFunction): string {
  const step = /^step\.(.+)$/.exec(field)?.[1]
  if (step && isStep(step)) return `${STEP_IDS.indexOf(step) + 1}. ${t(`step.${step}.title`, { ns: 'steps' })}`
  return t(`rep.field.${field}`, { defaultValue: field })
}

/** A timing metric id (`conv.seed.onMs`, `sm.gpu0.tflops`, `step.ldd-linkage.durationMs`) in words. */
export function metricLabel(metric: string, t: TFunction): string {
  const conv = /^conv\.(.+)\.(onMs|offMs|ratio)$/.exec(metric)
  if (conv) return t(`rep.metric.conv.${conv[2]}`, { case: t(`ev5.case.${conv[1]}`, { defaultValue: conv[1] }) })
  const sm = /^sm\.gpu(\d+)\.(tflops|loadMean)$/.exec(metric)
  if (sm) return t(`rep.metric.sm.${sm[2]}`, { gpu: sm[1] })
  const step = /^step\.(.+)\.durationMs$/.exec(metric)?.[1]
  if (step && isStep(step)) return t('rep.metric.stepDuration', { step: fieldLabel(`step.${step}`, t) })
  return t(`rep.metric.${metric}`, { defaultValue: metric })
}

/** Whether a ratio b / a is a change for the worse, better, or neither (within 5 %). */
export function ratioVerdict(ratio: number | null, higherIsBetter: boolean): 'worse' | 'better' | 'same' | null {
  if (ratio === null || !Number.isFinite(ratio)) return null
  if (Math.abs(ratio - 1) <= 0.05) return 'same'
  return ratio > 1 === higherIsBetter ? 'better' : 'worse'
}
