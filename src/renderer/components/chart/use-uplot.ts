import 'uplot/dist/uPlot.min.css'

import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'
import uPlot from 'uplot'

import { useColorScheme } from './use-color-scheme'

/**
 * Mounts a uPlot chart in `box`, follows the box's width and redraws in place when `data` changes.
 * uPlot reads options only at creation: the chart is rebuilt when `rebuildKey` or the colour scheme
 * changes, and `options` may close over refs for anything that changes more often (labels, windows).
 */
export function useUplot(
  box: RefObject<HTMLDivElement | null>,
  height: number,
  options: (el: HTMLDivElement, width: number) => uPlot.Options,
  data: uPlot.AlignedData,
  rebuildKey: string,
): RefObject<uPlot | null> {
  const plot = useRef<uPlot | null>(null)
  const latest = useRef({ options, data })
  const scheme = useColorScheme()
  useLayoutEffect(() => {
    latest.current = { options, data }
  })

  useEffect(() => {
    const el = box.current
    if (!el) return
    const chart = new uPlot(latest.current.options(el, el.clientWidth || 300), latest.current.data, el)
    plot.current = chart
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0) chart.setSize({ width: el.clientWidth, height })
    })
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
      plot.current = null
    }
  }, [box, height, scheme, rebuildKey])

  useEffect(() => {
    plot.current?.setData(data)
  }, [data])

  return plot
}
