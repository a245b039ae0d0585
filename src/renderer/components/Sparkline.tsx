import 'uplot/dist/uPlot.min.css'

import { useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import uPlot from 'uplot'

import { chartOptions, readChartColors } from './chart-options'
import { useColorScheme } from './use-color-scheme'

interface Props {
  times: number[]
  values: (number | null)[]
  yMax: number | null
  windowSeconds: number
  label: string
  formatY: (v: number) => string
  testId?: string
}

const HEIGHT = 70

/** A uPlot chart that follows its container's width and redraws in place as samples arrive. */
export function Sparkline({ times, values, yMax, windowSeconds, label, formatY, testId }: Props) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const plot = useRef<uPlot | null>(null)
  const data = useRef<uPlot.AlignedData>([times, values])
  const scheme = useColorScheme()
  // Options are read at creation: keep the latest data and formatters without recreating the chart.
  const format = useRef({ formatY, formatAgo: (s: number) => String(s) })
  useLayoutEffect(() => {
    data.current = [times, values]
    format.current = { formatY, formatAgo: (s: number) => t('chart.secondsAgo', { seconds: s }) }
  })

  useEffect(() => {
    const el = box.current
    if (!el) return
    const opts = chartOptions({
      width: el.clientWidth || 200,
      height: HEIGHT,
      colors: readChartColors(el),
      yMax,
      windowSeconds,
      formatY: (v) => format.current.formatY(v),
      formatAgo: (s) => format.current.formatAgo(s),
    })
    const chart = new uPlot(opts, data.current, el)
    plot.current = chart
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0) chart.setSize({ width: el.clientWidth, height: HEIGHT })
    })
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
      plot.current = null
    }
  }, [scheme, yMax, windowSeconds])

  useEffect(() => {
    plot.current?.setData([times, values])
  }, [times, values])

  // A language switch changes the axis labels but not the data: redraw the axes.
  useEffect(() => {
    plot.current?.redraw(false, true)
  }, [t])

  return <div className="sparkline" ref={box} role="img" aria-label={label} data-testid={testId} data-points={times.length} />
}
