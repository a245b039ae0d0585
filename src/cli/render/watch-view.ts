import type { TFunction } from 'i18next'

import { watchEvidenceRows } from '../../shared/watch-evidence'
import type { WatchResult } from '../../shared/watch'
import { findingText } from './finding-view'
import { displayWidth } from './text-table'

/** The verdict first, then the evidence, then each finding with its fix, in the CLI's language. */
export function renderWatch(r: WatchResult, t: TFunction): string {
  const w = (key: string, params: Record<string, unknown> = {}) => t(key, { ns: 'watch', ...params })
  const rows = watchEvidenceRows(r).map((row) => [w(row.label), typeof row.value === 'string' ? row.value : w(row.value.key, row.value.params)] as const)
  const width = Math.max(...rows.map(([label]) => displayWidth(label))) + 2
  const findings = r.findings.flatMap((f) => {
    const { title, message, fix } = findingText(f, t)
    return ['', `${title} (${f.id})`, `  ${message}`, `  ${w('fixes')} ${fix}`]
  })
  return [
    w('title', { pid: r.pid, command: r.command.length > 60 ? `${r.command.slice(0, 57)}...` : r.command, seconds: r.seconds, gpus: r.gpus.map((g) => g.index).join(','), sampler: r.sampler }),
    ...(r.container ? [`container: ${r.container}`] : []),
    // Said where NVML was tried and did not open: what watch cannot see then (GPM) depends on it.
    ...(r.samplerFallback ? [t('sampler.usingFallback', { ns: 'sampler', source: r.sampler, reason: t(r.samplerFallback.key, { ns: 'sampler', ...r.samplerFallback.params }) })] : []),
    '',
    w(r.headline.key, r.headline.params),
    '',
    ...rows.map(([label, value]) => `  ${label}${' '.repeat(Math.max(1, width - displayWidth(label)))}${value}`),
    ...findings,
    '',
    w('note.sm'),
  ].join('\n')
}
