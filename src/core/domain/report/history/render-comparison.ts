import type { TFunction } from 'i18next'

import type { StepId } from '../../../../shared/diagnosis'
import { STEP_IDS } from '../../../../shared/diagnosis'
import type { Comparison } from '../../../../shared/history'
import type { ReportLang } from '../../../../shared/report'
import { fmtMs, fmtNum, fmtText, fmtTime } from '../rendering/value-format'
import { mdDetails, mdTable, mdText } from '../rendering/markdown'
import { reportTranslator } from '../rendering/translator'

/** A metric id (`conv.seed.onMs`, `sm.gpu0.tflops`, `step.ldd-linkage.durationMs`) in words. */
export function metricLabel(metric: string, t: TFunction): string {
  const conv = /^conv\.(.+)\.(onMs|offMs|ratio)$/.exec(metric)
  if (conv) return t(`metric.conv.${conv[2]}`, { label: conv[1] })
  const sm = /^sm\.gpu(\d+)\.(tflops|loadMean)$/.exec(metric)
  if (sm) return t(`metric.sm.${sm[2]}`, { gpu: sm[1] })
  const step = /^step\.(.+)\.durationMs$/.exec(metric)
  if (step && (STEP_IDS as readonly string[]).includes(step[1]!)) {
    const id = step[1] as StepId
    return t('metric.step.durationMs', { step: `${STEP_IDS.indexOf(id) + 1}. ${t(`step.${id}.title`, { ns: 'steps' })}` })
  }
  return t(`metric.${metric}`, { defaultValue: metric })
}

function value(v: number | null, unit: string): string {
  if (v === null) return '—'
  if (unit === 'ms') return `${fmtMs(v)} ms`
  if (unit === '×') return `${fmtNum(v, 2)}×`
  if (unit === 's') return `${fmtNum(v, 1)} s`
  return `${fmtNum(v, unit === '%' ? 0 : 1)} ${unit}`
}

/** "0.97× (worse)" when the change is beyond 5 %, in the metric's direction. */
export function ratioText(m: Comparison['timings'][number], t: TFunction): string {
  if (m.ratio === null) return '—'
  const r = `${fmtNum(m.ratio, 2)}×`
  if (Math.abs(m.ratio - 1) < 0.05) return r
  const better = m.higherIsBetter ? m.ratio > 1 : m.ratio < 1
  return `${r} (${t(better ? 'compare.better' : 'compare.worse')})`
}

/** A comparison of two diagnoses as Markdown: changes first, then verdicts and timings. */
export function renderComparisonMarkdown(c: Comparison, lang: ReportLang): string {
  const t = reportTranslator(lang)
  const side = (s: Comparison['a']) => `${s.label} (${fmtTime(s.startedAt)})`
  const changed = c.changes.filter((x) => x.changed)
  const same = c.changes.filter((x) => !x.changed)
  const out = [`## ${mdText(t('compare.title'))}`, mdText(t('compare.sides', { a: side(c.a), b: side(c.b) }))]
  out.push(`### ${mdText(t('compare.changes'))}`)
  out.push(
    changed.length
      ? mdTable([t('col.field'), 'A', 'B'], changed.map((x) => [t(`fact.${x.field}`), fmtText(x.a), fmtText(x.b)]))
      : mdText(t('compare.noChanges')),
  )
  if (same.length) out.push(mdDetails(t('compare.same'), mdTable([t('col.field'), 'A = B'], same.map((x) => [t(`fact.${x.field}`), fmtText(x.a)]))))
  out.push(`### ${mdText(t('compare.steps'))}`)
  out.push(
    mdTable(
      [t('col.step'), 'A', 'B', ''],
      c.steps.map((s) => [
        `${STEP_IDS.indexOf(s.id) + 1}. ${t(`step.${s.id}.title`, { ns: 'steps' })}`,
        s.a ? t(`verdict.${s.a}`) : '—',
        s.b ? t(`verdict.${s.b}`) : '—',
        s.changed ? t('compare.changed') : '',
      ]),
    ),
  )
  out.push(`### ${mdText(t('compare.timings'))}`)
  out.push(mdTable([t('col.metric'), 'A', 'B', t('col.ratio')], c.timings.map((m) => [metricLabel(m.metric, t), value(m.a, m.unit), value(m.b, m.unit), ratioText(m, t)])))
  return `${out.join('\n\n')}\n`
}
