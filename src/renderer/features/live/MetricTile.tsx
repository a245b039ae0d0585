import { Sparkline } from './Sparkline'

export interface MetricTileProps {
  label: string
  /** The current value, formatted with its unit. */
  value: string
  /** e.g. "of 700 W". */
  sub?: string
  valueTestId?: string
  /** Dense grid: label and value on the left, a short chart on the right. */
  compact?: boolean
  chart: {
    times: number[]
    values: (number | null)[]
    yMax: number | null
    windowSeconds: number
    formatY: (v: number) => string
    label: string
    testId: string
  }
}

/** One metric: label, big current value, optional limit, and its recent history. */
export function MetricTile({ label, value, sub, valueTestId, compact = false, chart }: MetricTileProps) {
  return (
    <div className={compact ? 'metric metric--compact' : 'metric'}>
      <div className="metric__head">
        {/* Compact: the limit joins the label's line, so the value keeps its width. */}
        <span className="label">
          {label}
          {compact && sub && <span className="metric__sub"> · {sub}</span>}
        </span>
        <span className="metric__value">
          <span data-testid={valueTestId}>{value}</span>
          {/* The space outside the spans: a narrow tile puts the limit on the next line. */}
          {!compact && sub && (
            <>
              {' '}
              <span className="metric__sub">{sub}</span>
            </>
          )}
        </span>
      </div>
      <Sparkline {...chart} compact={compact} />
    </div>
  )
}
