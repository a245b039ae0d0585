// A step's summary in the reader's language: from its key and params, or recognised from the English
// text of a diagnosis saved without them; a reason that is a finding's message is that finding,
// rendered by renderFinding. Apart from the texts (summaries.ts), which the renderer loads on their own.

import type { MessageParams } from '../message'
import { FINDING_TEXTS } from './findings'
import { languageOf } from './language-code'
import { renderFinding } from './render-finding'
import { type SummaryKey, summariesEn } from './summaries'

/**
 * English wordings of summaries that diagnoses saved by earlier versions carry, under the key that
 * says the same today (they were saved before steps had a summaryKey).
 */
const LEGACY_EN: ReadonlyArray<[SummaryKey, string]> = [
  ['gpuVisible.ok', 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPU: {{names}}'],
  ['gpuVisible.ok', 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPUs: {{names}}'],
  ['gpuVisible.ok', 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPU(s): {{names}}'],
  ['ldd.elsewhere', '{{count}} wheel librar(ies) resolve outside the wheel, first {{name}}'],
  ['skip.noCuda', 'Skipped: CUDA is not available to PyTorch'],
  ['skip.noCuda', 'Skipped: PyTorch cannot use CUDA'],
  ['skip.noCuda', 'Skipped: PyTorch cannot use CUDA (step 1)'],
  ['skip.cpuBuild', 'Skipped: this PyTorch is a CPU-only build (step 1)'],
]

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Each English template as a regular expression with one group per placeholder; most literal text
 * first. Made on first use: building them is a millisecond of every start that never needs them.
 * The singular forms (`_one`) are left out: the key without the suffix says the same (i18next picks
 * the form from the count).
 */
let matchers: ReturnType<typeof makeMatchers> | null = null
const makeMatchers = () =>
  [...(Object.entries(summariesEn) as Array<[SummaryKey, string]>).filter(([key]) => !key.endsWith('_one')), ...LEGACY_EN]
    .map(([key, template]) => {
      const names: string[] = []
      const parts = template.split(/\{\{(\w+)\}\}/)
      const source = parts.map((part, i) => (i % 2 === 1 ? (names.push(part), '(.+?)') : escapeRegExp(part))).join('')
      const literal = parts.filter((_, i) => i % 2 === 0).join('').length
      return { key, names, re: new RegExp(`^${source}$`, 's'), literal }
    })
    .sort((a, b) => b.literal - a.literal)

interface SummaryFinding {
  id: string
  severity?: string
  message: string
  params?: MessageParams
}

/**
 * The key and params of an English summary saved without them (diagnoses from before summary
 * keys), found by matching it against the English templates; a `{{reason}}` that is a finding's
 * message gets that finding's id, so it is translated too. Null when no template matches.
 */
export function recoverSummary(summary: string, findings: readonly SummaryFinding[] = []): { key: SummaryKey; params: MessageParams } | null {
  for (const m of (matchers ??= makeMatchers())) {
    const match = m.re.exec(summary)
    if (!match) continue
    const params: MessageParams = {}
    m.names.forEach((name, i) => (params[name] = match[i + 1]!))
    if (typeof params.reason === 'string') {
      const finding = findings.find((f) => f.message === params.reason)
      if (finding) params.findingId = finding.id
    }
    return { key: m.key, params }
  }
  return null
}

/**
 * Translates a step summary with any `t` (i18next or not); a reason that is a finding's message is
 * that finding rendered in t's language (renderFinding, with the finding's own params). A summary
 * saved without its key is recognised by its English text where it can be.
 */
export function translateSummary(
  step: { summary: string; summaryKey?: string | null; summaryParams?: MessageParams; findings?: readonly SummaryFinding[] },
  t: (key: string, options: Record<string, unknown>) => string,
): string {
  const said = step.summaryKey ? { key: step.summaryKey, params: step.summaryParams ?? {} } : recoverSummary(step.summary, step.findings)
  if (!said) return step.summary
  const params: Record<string, unknown> = { ...said.params }
  // A count recovered from saved English text is a string; i18next picks the plural form from a number.
  if (typeof params.count === 'string' && /^\d+$/.test(params.count)) params.count = Number(params.count)
  if (typeof params.findingId === 'string') {
    const finding = step.findings?.find((f) => f.id === params.findingId)
    const saved = params.reason === undefined ? undefined : String(params.reason)
    params.reason = renderFinding({ id: params.findingId, params: finding?.params, message: saved }, FINDING_TEXTS[languageOf(t)]).message
  }
  // Step 5's list of GPUs marks a busy one in the core's English: in the reader's words here.
  if (typeof params.list === 'string') params.list = params.list.replaceAll(' (busy)', t('conv.busyMark', { ns: 'summaries', defaultValue: ' (busy)' }))
  return t(said.key, { ns: 'summaries', ...params, defaultValue: step.summary })
}
