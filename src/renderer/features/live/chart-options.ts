import type uPlot from 'uplot'
import { type AxisColors, cssVariables, readAxisColors } from '../../components/chart/css-variables'

export interface ChartColors extends AxisColors {
  line: string
  fill: string
}

export function readChartColors(el: HTMLElement): ChartColors {
  const get = cssVariables(el)
  return {
    line: get('--chart-line', '#3b82f6'),
    fill: get('--chart-fill', 'rgba(59,130,246,0.15)'),
    ...readAxisColors(el),
  }
}

export interface ChartSpec {
  width: number
  height: number
  colors: ChartColors
  /** Top of the y axis; null = from the data. The bottom is always 0. */
  yMax: number | null
  /** The widest x window, once that much history exists. */
  windowSeconds: number
  formatY: (v: number) => string
  formatAgo: (seconds: number) => string
  /** No time axis and tighter padding, for the dense grid's short charts. */
  compact?: boolean
}

/**
 * The x window ends at the newest sample. It starts at 30 s and grows in 30 s steps with the
 * data up to `max`, so the first minute is not a dot at the right edge of an empty chart.
 */
export function visibleWindow(xs: ArrayLike<number>, max: number): { last: number; window: number } {
  const last = xs.length > 0 ? (xs[xs.length - 1] ?? 0) : 0
  const span = xs.length > 1 ? last - (xs[0] ?? last) : 0
  return { last, window: Math.min(max, Math.max(30, Math.ceil(span / 30) * 30)) }
}

/** Candidate distances between time ticks, in seconds; the first that leaves room for the labels wins. */
const AGO_STEPS = [10, 15, 30, 60, 120, 300, 600, 900, 1800]
/** Between two time labels, so "-45s" and "-30s" (or "-45秒" and "-30秒") never touch. */
const LABEL_GAP_PX = 10

/** A label's width at the charts' 10 px font: CJK characters are about a full em, the rest about 0.65 em. */
export function labelWidthPx(text: string): number {
  let width = 0
  for (const ch of text) width += ch.codePointAt(0)! >= 0x2e80 ? 10 : 6.5
  return width
}

/**
 * Time ticks before the newest sample (`last`), a whole step apart, with each label clear of the next
 * on a plot `plotWidth` px wide: a narrow chart or a long window gets fewer ticks, never overlapping labels.
 */
export function agoTicks(last: number, window: number, plotWidth: number, formatAgo: (seconds: number) => string): number[] {
  const candidates = AGO_STEPS.filter((step) => step < window)
  const fits = (step: number) => {
    const widest = Math.max(...Array.from({ length: Math.floor((window - 1) / step) }, (_, i) => labelWidthPx(formatAgo(-(i + 1) * step))))
    return (step / window) * plotWidth >= widest + LABEL_GAP_PX
  }
  // Four ticks at most (a 60 s window: -45, -30, -15), fewer where the labels need the room.
  const step = candidates.find((s) => s >= window / 5 && fits(s)) ?? candidates.at(-1)
  if (step === undefined) return []
  const ticks: number[] = []
  for (let ago = step; ago < window; ago += step) ticks.unshift(last - ago)
  return ticks
}

/** Below a compact chart's plot: room for the lower half of its bottom label (10 px font) and a pixel. */
export const COMPACT_BOTTOM_PX = 6

/** A small time-series chart: no legend, no cursor; x is a fixed sliding window ending at the last sample. */
export function chartOptions(spec: ChartSpec): uPlot.Options {
  // uPlot asks the time axis for its spacing with the plot's width just before it asks for the ticks.
  let plotWidth = spec.width
  const font = '10px system-ui, sans-serif'
  const axis = { stroke: spec.colors.axis, font, grid: { stroke: spec.colors.grid, width: 1 }, ticks: { show: false } }
  return {
    width: spec.width,
    height: spec.height,
    // The y axis' labels are centred on their line: "0 %" on the bottom edge needs half the font's height
    // below it, which the time axis gives a full chart and the padding must give a compact one.
    padding: spec.compact ? [6, 4, COMPACT_BOTTOM_PX, 0] : [6, 8, 0, 0],
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: {
        time: false,
        range: (u) => {
          const { last, window } = visibleWindow(u.data[0], spec.windowSeconds)
          return [last - window, last]
        },
      },
      y: {
        range: (_u, _min, max) => [0, spec.yMax ?? (max > 0 ? max * 1.15 : 1)],
      },
    },
    axes: [
      {
        ...axis,
        show: !spec.compact,
        size: spec.compact ? 0 : 18,
        space: (_u: uPlot, _axis: number, _min: number, _max: number, plotDim: number) => {
          plotWidth = plotDim
          return 30
        },
        // Ticks a round number of seconds before the newest sample, as many as the labels have room for.
        splits: (u) => {
          const { last, window } = visibleWindow(u.data[0], spec.windowSeconds)
          return agoTicks(last, window, plotWidth, spec.formatAgo)
        },
        values: (u, splits) => {
          const xs = u.data[0]
          const last = xs[xs.length - 1] ?? 0
          return splits.map((s) => spec.formatAgo(Math.round(s - last)))
        },
      },
      {
        ...axis,
        // Wide enough for the longest label with its unit ("1,980 MHz"): ~6 px a character at 10 px.
        size: (_u, values) => Math.max(34, Math.max(0, ...(values ?? []).map((v) => String(v).length)) * 6 + 10),
        space: 18,
        // Compact charts are too short for round steps: 0 and the top (the total or the limit).
        ...(spec.compact ? { splits: (u: uPlot) => [0, u.scales.y?.max ?? 0] } : {}),
        values: (_u, splits) => splits.map((v) => spec.formatY(v)),
      },
    ],
    series: [{}, { stroke: spec.colors.line, fill: spec.colors.fill, width: 1.5, points: { show: false } }],
  }
}
