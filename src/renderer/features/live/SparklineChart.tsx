import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type uPlot from 'uplot'

import { chartOptions, readChartColors } from './chart-options'
import { useUplot } from '../../components/chart/use-uplot'

export interface SparklineProps {
  times: number[]
  values: (number | null)[]
  yMax: number | null
  windowSeconds: number
  label: string
  formatY: (v: number) => string
  testId?: string
  /** Dense grid: a shorter chart without the time axis (the History picker states the window). */
  compact?: boolean
}

export const HEIGHT = 70
export const COMPACT_HEIGHT = 34

/** A small chart of one metric that follows its container's width and redraws in place as samples arrive. */
export function SparklineChart({ times, values, yMax, windowSeconds, label, formatY, testId, compact = false }: SparklineProps) {
  const height = compact ? COMPACT_HEIGHT : HEIGHT
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  // Options are read at creation: keep the latest formatters without recreating the chart.
  const format = useRef({ formatY, formatAgo: (s: number) => String(s) })
  useLayoutEffect(() => {
    format.current = { formatY, formatAgo: (s: number) => t('chart.secondsAgo', { seconds: s }) }
  })
  const data = useMemo(() => [times, values] as uPlot.AlignedData, [times, values])

  const plot = useUplot(
    box,
    height,
    (el, width) =>
      chartOptions({
        width,
        height,
        compact,
        colors: readChartColors(el),
        yMax,
        windowSeconds,
        formatY: (v) => format.current.formatY(v),
        formatAgo: (s) => format.current.formatAgo(s),
      }),
    data,
    `${yMax}|${windowSeconds}|${compact}`,
  )

  // A language switch changes the axis labels but not the data: redraw the axes.
  useEffect(() => {
    plot.current?.redraw(false, true)
  }, [plot, t])

  return <div className={compact ? 'sparkline sparkline--compact' : 'sparkline'} ref={box} role="img" aria-label={label} data-testid={testId} data-points={times.length} data-window-seconds={windowSeconds} />
}
