import { lazy, Suspense } from 'react'

import { LoadBoundary } from '../../components/LoadBoundary'
import type { SparklineProps } from './SparklineChart'

// uPlot is the largest part of the live page: the numbers paint first, the charts follow when their chunk arrives.
const SparklineChart = lazy(() => import('./SparklineChart').then((m) => ({ default: m.SparklineChart })))

/** A small chart of one metric; until the chart code has loaded, an empty box of the chart's size (nothing below moves). */
export function Sparkline(props: SparklineProps) {
  const { compact = false, label, testId, times, windowSeconds } = props
  const placeholder = (
    <div
      className={compact ? 'sparkline sparkline--compact' : 'sparkline'}
      style={{ height: compact ? 34 : 70 }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={times.length}
      data-window-seconds={windowSeconds}
    />
  )
  return (
    <LoadBoundary failed={placeholder}>
      <Suspense fallback={placeholder}>
        <SparklineChart {...props} />
      </Suspense>
    </LoadBoundary>
  )
}
