import type { TFunction } from 'i18next'

import type { GpuProblem, GpuStatus } from '../../shared/gpu'
import { renderTable } from './text-table'

const dash = '—'
const n = (v: number | null, digits = 0): string => (v === null ? dash : v.toFixed(digits))
const onOff = (t: TFunction, v: boolean | null): string => (v === null ? dash : v ? t('yes') : t('no'))

/** The human view of `gpu-doctor status`. */
export function renderStatus(status: GpuStatus, t: TFunction): string {
  const lines = [
    `${t('status.driver')}: ${status.driverVersion ?? dash}    ${t('status.cuda')}: ${status.cudaVersion ?? dash}`,
    '',
  ]
  if (status.gpus.length === 0) return [...lines, t('status.noGpus')].join('\n')
  const header = ['col.gpu', 'col.name', 'col.cc', 'col.memory', 'col.util', 'col.temp', 'col.power', 'col.sm', 'col.persistence', 'col.mig'].map((k) => t(k))
  const rows = status.gpus.map((g) => [
    String(g.index),
    g.name,
    g.computeCapability ?? dash,
    `${n(g.memoryUsedMiB)} / ${n(g.memoryTotalMiB)}`,
    g.utilizationGpu === null ? dash : `${g.utilizationGpu} %`,
    g.temperatureC === null ? dash : `${g.temperatureC} C`,
    `${n(g.powerW, 0)} / ${n(g.powerLimitW, 0)}`,
    g.smClockMHz === null ? dash : `${g.smClockMHz} MHz`,
    onOff(t, g.persistenceMode),
    onOff(t, g.migMode),
  ])
  lines.push(renderTable(header, rows))
  const uuids = status.gpus.filter((g) => g.uuid).map((g) => `  ${g.index}: ${g.uuid}`)
  if (uuids.length) lines.push('', `${t('col.uuid')}:`, ...uuids)
  if (status.processes.length) {
    lines.push('', `${t('status.processes')}:`)
    lines.push(
      renderTable(
        [t('col.gpu'), t('col.pid'), t('col.process'), t('col.memory')],
        status.processes.map((p) => [p.gpuIndex === null ? dash : String(p.gpuIndex), p.pid === null ? dash : String(p.pid), p.container ? `${p.name} [${p.container}]` : p.name, n(p.usedMemoryMiB)]),
      ),
    )
  }
  return lines.join('\n')
}

/** A problem with its fix, for the terminal. */
export function renderProblem(problem: GpuProblem, t: TFunction): string {
  const lines = [t(problem.messageKey, { ns: 'problems', defaultValue: problem.message }), '', `${t('label.fix')}: ${t(`${problem.messageKey}.fix`, { ns: 'problems', defaultValue: problem.fix })}`]
  if (problem.failureModeId) lines.push(`${t('label.failureMode')}: ${problem.failureModeId}`)
  if (problem.detail) lines.push(`${t('label.detail')}: ${problem.detail}`)
  if (problem.checked.length) lines.push(`${t('label.checked')}: ${problem.checked.join(', ')}`)
  return lines.join('\n')
}
