import type { Diagnosis, StepId } from '../../../../shared/diagnosis'
import { STEP_IDS } from '../../../../shared/diagnosis'
import type { FleetField, FleetTable } from '../../../../shared/fleet'
import { FLEET_FIELDS, FLEET_MAX_BYTES, type NodeState } from '../../../../shared/fleet'
import { reportFacts } from '../facts'
import { parseReportInput, ReportInputError } from '../load-input'
import { oneLine } from '../../../../shared/one-line'
import { lookFirst } from './look-first'
import type { FleetNode } from './fleet-node'

export type { FleetNode } from './fleet-node'

export interface FleetInput {
  /** The node's name when the caller knows it (the file name of `$(NODE).json`); else the host name. */
  name: string | null
  text: string
  /** A scheduler run: `ok` when the node's task gave `text`, else why there is no report (`text` is then ignored). */
  state?: NodeState
  detail?: string | null
}

type Node = FleetNode

// Most serious first: a cuDNN or NCCL split breaks a training job; a GPU count difference may be intended.
const ORDER: readonly string[] = ['nodeState', 'cudnn', 'nccl', 'torch', 'torchCuda', 'driverVersion', 'driverCuda', 'gpuModels', 'failingSteps', 'gpuCount', ...STEP_IDS.map((s) => `step.${s}`)]

function failing(d: Diagnosis | null): StepId[] {
  return (d?.steps ?? []).filter((s) => s.status === 'fail').map((s) => s.id)
}

function field(node: Node, f: FleetField): string | null {
  const value = rawField(node, f)
  return value === null ? null : oneLine(value)
}

function rawField(node: Node, f: FleetField): string | null {
  if (!node.facts) return null
  switch (f) {
    case 'gpuModels':
      return node.facts.gpuModels.length ? node.facts.gpuModels.join(', ') : null
    case 'gpuCount':
      return String(node.facts.gpuCount)
    case 'failingSteps':
      return failing(node.diagnosis).join(', ')
    default:
      return node.facts[f]
  }
}

function uniqueName(wanted: string, taken: Set<string>): string {
  let name = oneLine(wanted)
  const base = name
  for (let i = 2; taken.has(name); i++) name = `${base} #${i}`
  taken.add(name)
  return name
}

/**
 * Several machines' JSON reports (or bare diagnoses) in one table; every row says whether its
 * value differs across nodes. Inputs that cannot be read are listed, not fatal. Every value from a
 * node (its name, facts, what it or the scheduler said) is made one line here. Pure.
 */
export function mergeReports(inputs: readonly FleetInput[]): FleetTable {
  const nodes: Node[] = []
  const rejected: FleetTable['rejected'] = []
  const taken = new Set<string>()
  inputs.forEach((input, index) => {
    const fallback = input.name ?? `node-${index + 1}`
    if (input.state !== undefined && input.state !== 'ok') {
      nodes.push({ name: uniqueName(fallback, taken), generatedAt: null, facts: null, diagnosis: null, state: input.state, detail: input.detail == null ? null : oneLine(input.detail) })
      return
    }
    const scheduledOk = input.state === 'ok' ? { state: 'ok' as const, detail: null } : {}
    if (input.text.length > FLEET_MAX_BYTES) {
      rejected.push({ index, name: fallback, code: 'too-large', detail: null, reason: 'larger than 2 MB' })
      return
    }
    try {
      const parsed = parseReportInput(input.text)
      const diagnosis = parsed.kind === 'report' ? parsed.report.diagnosis : parsed.diagnosis
      const facts = parsed.kind === 'report' ? parsed.report.facts : reportFacts(parsed.diagnosis, null, null)
      const generatedAt = parsed.kind === 'report' ? parsed.report.generatedAt : parsed.diagnosis.finishedAt
      const health = parsed.kind === 'report' ? (parsed.report.health ?? parsed.report.readNow?.health ?? null) : null
      nodes.push({ name: uniqueName(input.name ?? facts.hostname ?? fallback, taken), generatedAt: oneLine(generatedAt), facts, diagnosis, health, ...scheduledOk })
    } catch (error) {
      const message = oneLine(error instanceof Error ? error.message : String(error))
      // A scheduled node whose task printed something else is a row that says so, not a missing column.
      if (input.state === 'ok') nodes.push({ name: uniqueName(fallback, taken), generatedAt: null, facts: null, diagnosis: null, state: 'failed', detail: message })
      if (error instanceof ReportInputError) rejected.push({ index, name: fallback, code: error.code, detail: error.detail === null ? null : oneLine(error.detail), reason: message })
      else rejected.push({ index, name: fallback, code: 'not-report', detail: message, reason: message })
    }
  })
  const scheduled = nodes.some((n) => n.state !== undefined)
  // Only nodes with a report are compared: a drained node's empty cells are not drift.
  const reported = nodes.map((n) => n.facts !== null)
  const rows: FleetTable['rows'] = [
    ...(scheduled ? [{ field: 'nodeState', values: nodes.map((n) => n.state ?? 'ok') }] : []),
    ...FLEET_FIELDS.map((f) => ({ field: f as string, values: nodes.map((n) => field(n, f)) })),
    ...STEP_IDS.map((id) => ({ field: `step.${id}`, values: nodes.map((n) => n.diagnosis?.steps.find((s) => s.id === id)?.status ?? null) })),
  ].map((r) => ({ ...r, differs: new Set(r.field === 'nodeState' ? r.values : r.values.filter((_, i) => reported[i])).size > 1 }))
  const differing = rows
    .filter((r) => r.differs)
    .map((r) => r.field)
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
  return {
    nodes: nodes.map((n) => ({ name: n.name, generatedAt: n.generatedAt, failingSteps: failing(n.diagnosis), ...(n.state ? { state: n.state, detail: n.detail ?? null } : {}) })),
    rows,
    differing,
    rejected,
    lookFirst: lookFirst(nodes, rows, differing),
  }
}
