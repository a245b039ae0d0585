import type { TFunction } from 'i18next'

import type { MonitorSample } from '../../shared/gpu'
import { renderTable, sparkline } from './text-table'

const dash = '—'
const n = (v: number | null, digits = 0): string => (v === null ? dash : v.toFixed(digits))

/**
 * One monitor frame. On a terminal it redraws in place (cursor home + clear); piped, it prints
 * one compact line per sample so logs stay readable.
 */
export function renderMonitor(
  sample: MonitorSample,
  history: Map<number, Array<number | null>>,
  intervalMs: number,
  t: TFunction,
  live: boolean,
  sampler: string | null = null,
): string {
  if (!live) {
    const time = new Date(sample.time).toISOString()
    const parts = sample.gpus.map(
      (g) => `gpu${g.index} util=${n(g.utilizationGpu)}% mem=${n(g.memoryUsedMiB)}/${n(g.memoryTotalMiB)}MiB temp=${n(g.temperatureC)}C power=${n(g.powerW, 1)}W sm=${n(g.smClockMHz)}MHz`,
    )
    return `${time} ${parts.join('  ')}\n`
  }
  const header = ['col.gpu', 'col.util', 'col.memory', 'col.temp', 'col.power', 'col.sm', 'col.history'].map((k) => t(k))
  const rows = sample.gpus.map((g) => [
    String(g.index),
    g.utilizationGpu === null ? dash : `${g.utilizationGpu} %`,
    `${n(g.memoryUsedMiB)} / ${n(g.memoryTotalMiB)}`,
    g.temperatureC === null ? dash : `${g.temperatureC} C`,
    `${n(g.powerW, 0)} / ${n(g.powerLimitW, 0)}`,
    g.smClockMHz === null ? dash : `${g.smClockMHz} MHz`,
    sparkline(history.get(g.index) ?? []),
  ])
  return `\x1b[H\x1b[2J${t('monitor.header', { interval: intervalMs })}\n${sampler ? `${sampler}\n` : ''}${new Date(sample.time).toLocaleTimeString()}\n\n${renderTable(header, rows)}\n`
}
