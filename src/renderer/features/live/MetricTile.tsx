import { Sparkline } from './Sparkline'

export interface MetricTileProps {
  label: string
  /** The current value, formatted with its unit. */
  value: string
  /** e.g. "of 700 W". */
  sub?: string
  valueTestId?: string
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
export function MetricTile({ label, value, sub, valueTestId, chart }: MetricTileProps) {
  return (
    <div className="metric">
      <div className="metric__head">
        <span className="label">{label}</span>
        <span className="metric__value">
          <span data-testid={valueTestId}>{value}</span>
          {sub && <span className="metric__sub"> {sub}</span>}
        </span>
      </div>
      <Sparkline {...chart} />
    </div>
  )
}
