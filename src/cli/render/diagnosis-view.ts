import type { TFunction } from 'i18next'

import type { Diagnosis, StepResult } from '../../shared/diagnosis'
import { translateSummary } from '../../shared/i18n/translate-summary'
import type { Style } from '../terminal/terminal-style'
import { cutFinding, findingText } from './finding-view'
import { severityTag, STEP_KIND, STEP_MARK } from './marks'

export { findingText }

export function renderStep(step: StepResult, t: TFunction, style: Style): string {
  // A reason that is a finding's message, with that finding's values cut as findingText cuts them.
  const said = translateSummary({ ...step, findings: step.findings.map(cutFinding) }, (key, options) => t(key, options))
  const verdict = style.paint(STEP_KIND[step.status], `${STEP_MARK[step.status]} ${t(`status.${step.status}`)}`)
  const lines = [`${verdict}  ${style.paint('bold', t(`step.${step.id}`))}: ${said}`]
  for (const f of step.findings) {
    const { message, fix } = findingText(f, t)
    lines.push(`    ${severityTag(f.severity, style)} ${f.id}: ${message}`)
    // Multi-line fixes (install commands) stay under their label.
    if (f.severity !== 'info' || step.status !== 'pass') lines.push(`      ${t('label.fix')}: ${fix.replace(/\n/g, '\n        ')}`)
  }
  return lines.join('\n')
}

export function renderDiagnosis(d: Diagnosis, t: TFunction, style: Style): string {
  const count = (s: StepResult['status']) => d.steps.filter((x) => x.status === s).length
  const seconds = ((Date.parse(d.finishedAt) - Date.parse(d.startedAt)) / 1000).toFixed(1)
  return [
    ...d.steps.map((s) => renderStep(s, t, style)),
    '',
    t('diagnose.summary', { pass: count('pass'), warn: count('warn'), fail: count('fail'), skip: count('skip'), seconds }),
  ].join('\n')
}
