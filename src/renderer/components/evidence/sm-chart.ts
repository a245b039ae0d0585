import type uPlot from 'uplot'

import { SM_WARN_BELOW } from '../../../shared/constants'
import type { TimelinePoint } from '../../../shared/evidence'
import { type AxisColors, cssVariables, readAxisColors } from '../chart/css-variables'

/** One SM% sample of one GPU from a diagnosis progress event, while step 4 runs. */
export interface LiveSample {
  time: number
  gpu: number
  sm: number | null
}

export interface SmChartData {
  /** Seconds since the first sample. */
  xs: number[]
  gpus: number[]
  /** One series per GPU, aligned with xs. */
  series: (number | null)[][]
  /** The load window in the same seconds, when known. */
  window: [number, number] | null
}

/** Live progress samples (one event per GPU) grouped into timeline points by sample time. */
export function liveTimeline(samples: readonly LiveSample[]): TimelinePoint[] {
  const byTime = new Map<number, TimelinePoint>()
  for (const s of samples) {
    let point = byTime.get(s.time)
    if (!point) {
      point = { time: s.time, gpus: [] }
      byTime.set(s.time, point)
    }
    point.gpus.push({ index: s.gpu, sm: s.sm })
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time)
}

/** uPlot's aligned columns from a timeline (ms timestamps), with the load window when given. */
export function smChartData(timeline: readonly TimelinePoint[], load?: { startedAt: number | null; endedAt: number | null }): SmChartData {
  const points = [...timeline].sort((a, b) => a.time - b.time)
  const t0 = points[0]?.time ?? 0
  const gpus = [...new Set(points.flatMap((p) => p.gpus.map((g) => g.index)))].sort((a, b) => a - b)
  const xs = points.map((p) => (p.time - t0) / 1000)
  const series = gpus.map((index) => points.map((p) => p.gpus.find((g) => g.index === index)?.sm ?? null))
  const window: [number, number] | null =
    load && load.startedAt !== null && load.endedAt !== null && points.length > 0
      ? [(load.startedAt - t0) / 1000, (load.endedAt - t0) / 1000]
      : null
  return { xs, gpus, series, window }
}

export interface SmChartColors extends AxisColors {
  lines: string[]
  band: string
  threshold: string
}

export function readSmChartColors(el: HTMLElement): SmChartColors {
  const get = cssVariables(el)
  return {
    lines: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => get(`--series-${i}`, '#2563eb')),
    band: get('--chart-band', 'rgba(245, 158, 11, 0.14)'),
    threshold: get('--warn', '#b45309'),
    ...readAxisColors(el),
  }
}

export const SM_THRESHOLD = SM_WARN_BELOW

export interface SmChartSpec {
  width: number
  height: number
  colors: SmChartColors
  gpus: number[]
  /** Read at draw time, so a new window needs no new chart. */
  window: () => [number, number] | null
  gpuLabel: (index: number) => string
  formatSeconds: (s: number) => string
}

/** SM% against seconds: one line per GPU, y 0–100, the load window shaded and the 70% line dashed. */
export function smChartOptions(spec: SmChartSpec): uPlot.Options {
  const font = '11px system-ui, sans-serif'
  const axis = { stroke: spec.colors.axis, font, grid: { stroke: spec.colors.grid, width: 1 }, ticks: { show: false } }
  return {
    width: spec.width,
    height: spec.height,
    padding: [10, 12, 0, 0],
    // The GPUs' colours only: the cursor is off, so live values would read "Value: --".
    legend: { show: spec.gpus.length > 1, live: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: (_u, min, max) => [Math.min(0, min), Math.max(max, 5)] },
      y: { range: [0, 100] },
    },
    axes: [
      { ...axis, size: 24, space: 60, values: (_u, splits) => splits.map((s) => spec.formatSeconds(s)) },
      { ...axis, size: 40, values: (_u, splits) => splits.map((v) => `${v}%`) },
    ],
    series: [
      {},
      ...spec.gpus.map((index, i) => ({
        label: spec.gpuLabel(index),
        stroke: spec.colors.lines[i % spec.colors.lines.length],
        width: 2,
        points: { show: false },
        spanGaps: true,
      })),
    ],
    hooks: {
      drawClear: [
        (u: uPlot) => {
          const ctx = u.ctx
          const { left, top, width, height } = u.bbox
          ctx.save()
          const window = spec.window()
          if (window) {
            const x0 = Math.max(left, u.valToPos(window[0], 'x', true))
            const x1 = Math.min(left + width, u.valToPos(window[1], 'x', true))
            if (x1 > x0) {
              ctx.fillStyle = spec.colors.band
              ctx.fillRect(x0, top, x1 - x0, height)
            }
          }
          const y = u.valToPos(SM_THRESHOLD, 'y', true)
          ctx.strokeStyle = spec.colors.threshold
          ctx.lineWidth = 1
          ctx.setLineDash([5, 4])
          ctx.beginPath()
          ctx.moveTo(left, y)
          ctx.lineTo(left + width, y)
          ctx.stroke()
          ctx.restore()
        },
      ],
    },
  }
}
