import type { TFunction } from 'i18next'

import { LOAD_SETTLE_MS } from '../../core/app/health-under-load'
import type { HealthResult } from '../../shared/health'
import type { Style } from '../terminal/terminal-style'
import { findingText } from './finding-view'
import { severityTag, stateSymbol } from './marks'
import { renderTable } from './text-table'

const dash = (v: string | number | null | undefined) => (v === null || v === undefined ? '–' : String(v))
const onOff = (v: boolean | null, t: TFunction) => (v === null ? '–' : v ? t('health.on') : t('health.off'))

/** One row per GPU (link, memory errors, settings), the kernel log's state, then the findings with fixes. */
export function renderHealth(h: HealthResult, t: TFunction, style: Style, width?: number): string {
  const rows = h.gpus.map((g) => [
    String(g.index),
    g.name,
    `Gen ${dash(g.pcie.genCurrent)}/${dash(g.pcie.genMax)} x${dash(g.pcie.widthCurrent)}/${dash(g.pcie.widthMax)}`,
    dash(g.ecc.volatileUncorrectable),
    g.remappedRows.pending ? t('health.pending') : g.remappedRows.failure ? t('health.failed') : dash(g.remappedRows.uncorrectable),
    onOff(g.persistenceMode, t),
    g.power.limitW === null ? '–' : `${g.power.limitW}/${dash(g.power.defaultLimitW)} W`,
    onOff(g.migEnabled, t),
    dash(g.utilizationGpu === null ? null : `${g.utilizationGpu} %`),
  ])
  const header = ['GPU', t('health.col.name'), 'PCIe', t('health.col.ecc'), t('health.col.remap'), t('health.col.persistence'), t('health.col.power'), 'MIG', t('health.col.util')]
  const log = h.kernelLog.readable
    ? t('health.log.read', { source: h.kernelLog.source, count: h.kernelLog.xidCount })
    : `${stateSymbol('warn', style)}${t('health.log.unreadable', { reason: h.kernelLog.reason })}`
  const findings = h.findings.map((f) => {
    const { message, fix } = findingText(f, t)
    return [`${severityTag(f.severity, style)} ${f.id}: ${message}`, ...(f.evidence ? [`    ${f.evidence.replace(/\n/g, '\n    ')}`] : []), `    ${t('label.fix')}: ${fix}`].join('\n')
  })
  const load = !h.load
    ? t('health.load.none')
    : h.load.applied
      ? t('health.load.applied', { detail: h.load.detail, python: h.load.python, seconds: LOAD_SETTLE_MS / 1000 })
      : t('health.load.failed', { detail: h.load.detail, python: h.load.python })
  return [
    renderTable(header, rows, style, { width }),
    '',
    ...(h.source === 'live' ? [load] : []),
    log,
    '',
    findings.length ? findings.join('\n') : `${stateSymbol('ok', style)}${t('health.noFinding', { count: h.gpus.length })}`,
  ].join('\n')
}
