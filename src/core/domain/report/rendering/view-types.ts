import type { Severity, StepId, StepStatus } from '../../../../shared/diagnosis'

/** A table of plain text cells; renderers escape them. */
export interface ViewTable {
  title: string | null
  columns: string[]
  rows: string[][]
  /** Shown under the table, e.g. "… and 12 more". */
  note: string | null
}

export type ViewFacts = Array<[label: string, value: string]>

export interface ViewFinding {
  id: string
  /** The id is in this version's catalog; an unknown one (from a report file) is shown only as text. */
  known: boolean
  severity: Severity
  severityLabel: string
  title: string
  message: string
  fix: string
  evidence: string | null
  stepTitle: string | null
}

export interface ViewStep {
  id: StepId
  number: number
  title: string
  what: string
  status: StepStatus
  verdict: string
  summary: string
  duration: string | null
  facts: ViewFacts
  tables: ViewTable[]
  findings: ViewFinding[]
}

/** A report in one language, ready for a Markdown or HTML renderer (no markup inside). */
export interface ReportView {
  lang: string
  title: string
  generated: string
  privacy: string
  summary: Array<{ id: StepId; number: number; title: string; status: StepStatus; verdict: string; summary: string }>
  overview: ViewFacts
  host: ViewFacts
  gpus: ViewTable | null
  gpuNote: string | null
  /** The hardware preflight; null when the report has none. `problems`: a finding worse than info. */
  health: { summary: string; problems: boolean; table: ViewTable; log: string; findings: ViewFinding[] } | null
  steps: ViewStep[]
  noDiagnosis: string | null
  findings: ViewFinding[]
  findingsTitle: string
  recommendation: { intro: string | null; table: ViewTable | null; facts: ViewFacts; lines: string[]; note: string | null }
  /** The live monitor's samples; null for a report of an earlier run (then under readNow). */
  monitor: { table: ViewTable | null; note: string } | null
  /**
   * A report of an earlier run: what the machine making the report read then, never mixed into the
   * run's sections above (title and note say so).
   */
  readNow: {
    title: string
    note: string
    host: ViewFacts
    gpus: ViewTable | null
    gpuNote: string | null
    health: ReportView['health']
    monitor: { table: ViewTable | null; note: string }
  } | null
  versions: ViewFacts
  labels: Record<'summary' | 'health' | 'machine' | 'steps' | 'recommendation' | 'monitor' | 'readNow' | 'versions' | 'step' | 'verdict' | 'what' | 'fix' | 'evidence' | 'findings' | 'noFindings' | 'smChart' | 'convChart' | 'convOn' | 'convOff' | 'seconds', string>
}
