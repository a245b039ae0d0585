import 'uplot/dist/uPlot.min.css'

import { useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import uPlot from 'uplot'

import { useColorScheme } from '../components/use-color-scheme'
import { readSmChartColors, smChartOptions, type SmChartData } from './sm-chart'

const HEIGHT = 200

/** SM% of each GPU over the diagnosis' seconds, live while step 4 runs; the load window shaded. */
export function SmChart({ data, testId }: { data: SmChartData; testId: string }) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const plot = useRef<uPlot | null>(null)
  const latest = useRef(data)
  const labels = useRef({ gpu: (i: number) => `GPU ${i}`, seconds: (s: number) => `${s}` })
  const scheme = useColorScheme()
  useLayoutEffect(() => {
    latest.current = data
    labels.current = { gpu: (i) => t('ev4.gpu', { index: i }), seconds: (s) => `${s}s` }
  })
  const gpuKey = data.gpus.join(',')

  useEffect(() => {
    const el = box.current
    if (!el) return
    const gpus = gpuKey === '' ? [] : gpuKey.split(',').map(Number)
    const opts = smChartOptions({
      width: el.clientWidth || 400,
      height: HEIGHT,
      colors: readSmChartColors(el),
      gpus,
      window: () => latest.current.window,
      gpuLabel: (i) => labels.current.gpu(i),
      formatSeconds: (s) => labels.current.seconds(s),
    })
    const d = latest.current
    const chart = new uPlot(opts, [d.xs, ...d.series] as uPlot.AlignedData, el)
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
  }, [scheme, gpuKey])

  useEffect(() => {
    plot.current?.setData([data.xs, ...data.series] as uPlot.AlignedData)
  }, [data])

  return (
    <div
      className="sm-chart"
      ref={box}
      role="img"
      aria-label={t('ev4.chartLabel')}
      data-testid={testId}
      data-points={data.xs.length}
      data-window={data.window ? data.window.map((v) => v.toFixed(2)).join('-') : ''}
    />
  )
}
