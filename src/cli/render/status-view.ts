import type { TFunction } from 'i18next'

import type { GpuProblem, GpuStatus } from '../../shared/gpu'
import type { Style } from '../terminal/terminal-style'
import { stateSymbol } from './marks'
import { fitTable, renderTable, type FitStep } from './text-table'

const dash = '—'
const n = (v: number | null, digits = 0): string => (v === null ? dash : v.toFixed(digits))
const onOff = (t: TFunction, v: boolean | null): string => (v === null ? dash : v ? t('yes') : t('no'))
const pair = (a: number | null, b: number | null) => (a === null && b === null ? dash : `${n(a)}/${n(b)}`)

const NAME = 1
// What gives way, in this order, where the table is wider than the terminal: the vendor's name
// every GPU carries, then the end of long names, then whole columns (SM clock, persistence, MIG, CC).
const SHRINK: FitStep[] = [
  { column: NAME, cut: (cell) => cell.replace(/^NVIDIA /, '') },
  { column: NAME, truncateTo: 12 },
  { drop: 7 },
  { drop: 8 },
  { drop: 9 },
  { drop: 2 },
]

/**
 * The human view of `gpu-doctor status`: one row per GPU, within `width` columns where given (a
 * terminal; 8 GPUs are 8 rows), every column in full into a pipe or a file.
 */
export function renderStatus(status: GpuStatus, t: TFunction, style: Style, width?: number): string {
  const lines = [
    `${t('status.driver')}: ${style.paint('bold', status.driverVersion ?? dash)}    ${t('status.cuda')}: ${style.paint('bold', status.cudaVersion ?? dash)}`,
    '',
  ]
  if (status.gpus.length === 0) return [...lines, t('status.noGpus')].join('\n')
  const header = ['col.gpu', 'col.name', 'col.cc', 'status.col.memory', 'col.util', 'col.temp', 'status.col.power', 'status.col.sm', 'col.persistence', 'col.mig'].map((k) => t(k))
  const rows = status.gpus.map((g) => [
    String(g.index),
    g.name,
    g.computeCapability ?? dash,
    pair(g.memoryUsedMiB, g.memoryTotalMiB),
    g.utilizationGpu === null ? dash : `${g.utilizationGpu}%`,
    g.temperatureC === null ? dash : `${g.temperatureC}\u00b0C`,
    pair(g.powerW === null ? null : Math.round(g.powerW), g.powerLimitW === null ? null : Math.round(g.powerLimitW)),
    g.smClockMHz === null ? dash : String(g.smClockMHz),
    onOff(t, g.persistenceMode),
    onOff(t, g.migMode),
  ])
  const fitted = width === undefined ? { header, rows } : fitTable(header, rows, width, SHRINK)
  lines.push(renderTable(fitted.header, fitted.rows, style))
  const uuids = status.gpus.filter((g) => g.uuid).map((g) => `  ${g.index}: ${g.uuid}`)
  if (uuids.length) lines.push('', `${t('col.uuid')}:`, ...uuids)
  if (status.processes.length) {
    lines.push('', `${t('status.processes')}:`)
    lines.push(
      renderTable(
        [t('col.gpu'), t('col.pid'), t('col.process'), t('col.memory')],
        status.processes.map((p) => [p.gpuIndex === null ? dash : String(p.gpuIndex), p.pid === null ? dash : String(p.pid), p.container ? `${p.name} [${p.container}]` : p.name, n(p.usedMemoryMiB)]),
        style,
      ),
    )
  }
  return lines.join('\n')
}

/** A problem with its fix, for the terminal. */
export function renderProblem(problem: GpuProblem, t: TFunction, style: Style): string {
  const message = t(problem.messageKey, { ns: 'problems', defaultValue: problem.message })
  const lines = [`${stateSymbol('fail', style)}${style.paint('fail', message)}`, '', `${t('label.fix')}: ${t(`${problem.messageKey}.fix`, { ns: 'problems', defaultValue: problem.fix })}`]
  if (problem.failureModeId) lines.push(`${t('label.failureMode')}: ${problem.failureModeId}`)
  if (problem.detail) lines.push(`${t('label.detail')}: ${problem.detail}`)
  if (problem.checked.length) lines.push(`${t('label.checked')}: ${problem.checked.join(', ')}`)
  return lines.join('\n')
}
