import type { Diagnosis } from '../../../../shared/diagnosis'
import type { NodeState } from '../../../../shared/fleet'
import type { HealthResult } from '../../../../shared/health'
import type { ReportFacts } from '../../../../shared/report'

/** One node of a fleet table: its report's facts and diagnosis, or why it has none. */
export interface FleetNode {
  name: string
  generatedAt: string | null
  /** Null: no report from this node (its state says why). */
  facts: ReportFacts | null
  diagnosis: Diagnosis | null
  /** The report's hardware health check, when it has one. */
  health?: HealthResult | null
  state?: NodeState
  detail?: string | null
}
