import type { Diagnosis, StepId } from '../../../shared/diagnosis'
import { STEP_IDS } from '../../../shared/diagnosis'
import type { FleetField, FleetTable } from '../../../shared/fleet'
import { FLEET_FIELDS, FLEET_MAX_BYTES } from '../../../shared/fleet'
import type { ReportFacts } from '../../../shared/report'
import { reportFacts } from '../facts'
import { parseReportInput, ReportInputError } from '../load-input'

export interface FleetInput {
  /** The node's name when the caller knows it (the file name of `$(NODE).json`); else the host name. */
  name: string | null
  text: string
}

interface Node {
  name: string
  generatedAt: string | null
  facts: ReportFacts
  diagnosis: Diagnosis | null
}

// Most serious first: a cuDNN or NCCL split breaks a training job; a GPU count difference may be intended.
const ORDER: readonly string[] = ['cudnn', 'nccl', 'torch', 'torchCuda', 'driverVersion', 'driverCuda', 'gpuModels', 'failingSteps', 'gpuCount', ...STEP_IDS.map((s) => `step.${s}`)]

function failing(d: Diagnosis | null): StepId[] {
  return (d?.steps ?? []).filter((s) => s.status === 'fail').map((s) => s.id)
}

function field(node: Node, f: FleetField): string | null {
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
  let name = wanted
  for (let i = 2; taken.has(name); i++) name = `${wanted} #${i}`
  taken.add(name)
  return name
}

/**
 * Several machines' JSON reports (or bare diagnoses) in one table; every row says whether its
 * value differs across nodes. Inputs that cannot be read are listed, not fatal. Pure.
 */
export function mergeReports(inputs: readonly FleetInput[]): FleetTable {
  const nodes: Node[] = []
  const rejected: FleetTable['rejected'] = []
  const taken = new Set<string>()
  inputs.forEach((input, index) => {
    const fallback = input.name ?? `node-${index + 1}`
    if (input.text.length > FLEET_MAX_BYTES) {
      rejected.push({ index, name: fallback, code: 'too-large', detail: null, reason: 'larger than 2 MB' })
      return
    }
    try {
      const parsed = parseReportInput(input.text)
      const diagnosis = parsed.kind === 'report' ? parsed.report.diagnosis : parsed.diagnosis
      const facts = parsed.kind === 'report' ? parsed.report.facts : reportFacts(parsed.diagnosis, null, null)
      const generatedAt = parsed.kind === 'report' ? parsed.report.generatedAt : parsed.diagnosis.finishedAt
      nodes.push({ name: uniqueName(input.name ?? facts.hostname ?? fallback, taken), generatedAt, facts, diagnosis })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof ReportInputError) rejected.push({ index, name: fallback, code: error.code, detail: error.detail, reason: message })
      else rejected.push({ index, name: fallback, code: 'not-report', detail: message, reason: message })
    }
  })
  const rows: FleetTable['rows'] = [
    ...FLEET_FIELDS.map((f) => ({ field: f as string, values: nodes.map((n) => field(n, f)) })),
    ...STEP_IDS.map((id) => ({ field: `step.${id}`, values: nodes.map((n) => n.diagnosis?.steps.find((s) => s.id === id)?.status ?? null) })),
  ].map((r) => ({ ...r, differs: new Set(r.values).size > 1 }))
  const differing = rows
    .filter((r) => r.differs)
    .map((r) => r.field)
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
  return {
    nodes: nodes.map((n) => ({ name: n.name, generatedAt: n.generatedAt, failingSteps: failing(n.diagnosis) })),
    rows,
    differing,
    rejected,
  }
}
