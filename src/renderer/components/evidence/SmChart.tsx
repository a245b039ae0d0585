import { useLayoutEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type uPlot from 'uplot'

import { useUplot } from '../chart/use-uplot'
import { readSmChartColors, smChartOptions, type SmChartData } from './sm-chart'

const HEIGHT = 200

/** SM% of each GPU over the diagnosis' seconds, live while step 4 runs; the load window shaded. */
export function SmChart({ data, testId }: { data: SmChartData; testId: string }) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const latest = useRef(data)
  const labels = useRef({ gpu: (i: number) => `GPU ${i}`, seconds: (s: number) => `${s}` })
  useLayoutEffect(() => {
    latest.current = data
    labels.current = { gpu: (i) => t('ev4.gpu', { index: i }), seconds: (s) => `${s}s` }
  })
  const aligned = useMemo(() => [data.xs, ...data.series] as uPlot.AlignedData, [data])
  const gpuKey = data.gpus.join(',')

  useUplot(
    box,
    HEIGHT,
    (el, width) =>
      smChartOptions({
        width,
        height: HEIGHT,
        colors: readSmChartColors(el),
        gpus: gpuKey === '' ? [] : gpuKey.split(',').map(Number),
        window: () => latest.current.window,
        gpuLabel: (i) => labels.current.gpu(i),
        formatSeconds: (s) => labels.current.seconds(s),
      }),
    aligned,
    gpuKey,
  )

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
