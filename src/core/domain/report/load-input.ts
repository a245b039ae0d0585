import type { Diagnosis } from '../../../shared/diagnosis'
import { DiagnosisSchema } from '../../../shared/diagnosis'
import type { Report } from '../../../shared/report'
import { ReportSchema } from '../../../shared/report'
import type { FleetRejectCode } from '../../../shared/fleet'
import { MAX_REPORT_DEPTH, MAX_REPORT_STRING, MAX_REPORT_VALUES } from '../../../shared/constants'
import { attributeRunOptions } from '../diagnosis/run-options'
import { referenceRepeatedFindings } from '../diagnosis/repeated-findings'
import { powerCapAsDesigned } from '../diagnosis/saved-power-cap'
import { completeInstallFix, installContextOfEnvironment } from '../install/install-fixes'
import { isEarlierRun } from './build-report'
import { reportFacts } from './facts'
import { isObj } from './is-json-object'
import { recommendationForRun } from './recommendation'

export type ReportInput = { kind: 'report'; report: Report } | { kind: 'diagnosis'; diagnosis: Diagnosis }

/** Why a text is not a report or diagnosis: a code front ends translate, and the schema's words where there are any. */
export class ReportInputError extends Error {
  constructor(
    readonly code: Exclude<FleetRejectCode, 'too-large'>,
    readonly detail: string | null,
    message: string,
  ) {
    super(message)
  }
}

/** Diagnoses saved before steps carried summaryKey/summaryParams read with those left empty. */
function upgradeDiagnosis(value: unknown): unknown {
  if (!isObj(value) || !Array.isArray(value.steps)) return value
  return {
    ...value,
    steps: value.steps.map((s: unknown) => (isObj(s) ? { summaryKey: null, summaryParams: {}, ...s } : s)),
  }
}

/**
 * Findings saved before their fix took an install command get one for the machine the diagnosis ran
 * on; findings a run's own option caused, saved before they were named so, are named so.
 */
function completeDiagnosis(d: Diagnosis): Diagnosis {
  const machine = installContextOfEnvironment(d.environment)
  return powerCapAsDesigned(referenceRepeatedFindings(attributeRunOptions({ ...d, steps: d.steps.map((s) => ({ ...s, findings: s.findings.map((f) => completeInstallFix(f, machine)) })) })))
}

/**
 * A report made before readNow existed, of an earlier run: its host, GPUs, health and monitor were
 * read when it was made, not by the run, so they move under readNow and the facts and
 * recommendation are the run's own.
 */
function separateReadNow(r: Report): Report {
  if (r.readNow !== undefined || !isEarlierRun(r.diagnosis, r.diagnosisSource)) return r
  const slot = recommendationForRun(r.diagnosis!)
  return {
    ...r,
    facts: reportFacts(r.diagnosis, null, null),
    host: null,
    gpu: null,
    health: null,
    monitor: null,
    recommendation: slot.recommendation,
    recommendationNote: slot.note,
    readNow: { at: r.generatedAt, host: r.host, gpu: r.gpu, health: r.health ?? null, monitor: r.monitor },
  }
}

function completeReport(old: Report): Report {
  const r = separateReadNow(old)
  const env = r.diagnosis?.environment ?? { python: r.facts.python, driverCuda: r.facts.driverCuda, platform: r.facts.os }
  const machine = installContextOfEnvironment(env)
  return { ...r, diagnosis: r.diagnosis ? completeDiagnosis(r.diagnosis) : null, findings: r.findings.map((f) => completeInstallFix(f, machine)) }
}

function firstIssue(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0]
  return issue ? `${issue.path.map(String).join('.') || '(top)'}: ${issue.message}` : 'invalid'
}

/**
 * Why a parsed JSON value cannot be a report whatever its fields: nested deeper than any real one
 * (the schema check recurses, and 2,000 levels overflow the stack), a string longer than any real
 * one (a 50 MB GPU name would be copied into every rendering) or more values than any real one (the
 * schema check would collect a problem for each). Walked without recursion, before the schema check.
 */
function shapeProblem(value: unknown): string | null {
  const stack: Array<[unknown, number]> = [[value, 1]]
  let values = 0
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (++values > MAX_REPORT_VALUES) return `more than ${MAX_REPORT_VALUES.toLocaleString('en-US')} values`
    if (typeof v === 'string') {
      if (v.length > MAX_REPORT_STRING) return `a text longer than ${MAX_REPORT_STRING / 1024} KiB`
      continue
    }
    if (typeof v !== 'object' || v === null) continue
    if (depth > MAX_REPORT_DEPTH) return 'nested too deep'
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1])
  }
  return null
}

/** A saved JSON text read as a GPU Doctor report or a bare diagnosis; throws an Error saying why not. */
export function parseReportInput(text: string): ReportInput {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ReportInputError('not-json', null, 'not JSON')
  }
  if (!isObj(value)) throw new ReportInputError('not-report', null, 'not a GPU Doctor report or diagnosis')
  const shape = shapeProblem(value)
  if (shape) {
    const report = value.kind === 'gpu-doctor-report'
    throw new ReportInputError(report ? 'invalid-report' : 'invalid-diagnosis', shape, `not a valid GPU Doctor ${report ? 'report' : 'diagnosis'} (${shape})`)
  }
  if (value.kind === 'gpu-doctor-report') {
    const parsed = ReportSchema.safeParse({ ...value, diagnosis: upgradeDiagnosis(value.diagnosis) })
    if (!parsed.success) {
      const detail = firstIssue(parsed.error)
      throw new ReportInputError('invalid-report', detail, `not a valid GPU Doctor report (${detail})`)
    }
    return { kind: 'report', report: completeReport(parsed.data) }
  }
  if ('steps' in value && 'environment' in value) {
    const parsed = DiagnosisSchema.safeParse(upgradeDiagnosis(value))
    if (!parsed.success) {
      const detail = firstIssue(parsed.error)
      throw new ReportInputError('invalid-diagnosis', detail, `not a valid GPU Doctor diagnosis (${detail})`)
    }
    return { kind: 'diagnosis', diagnosis: completeDiagnosis(parsed.data) }
  }
  throw new ReportInputError('not-report', null, 'not a GPU Doctor report or diagnosis')
}

/** The diagnosis in a report or diagnosis JSON text (null for a report made without one). */
export function diagnosisOf(input: ReportInput): Diagnosis | null {
  return input.kind === 'report' ? input.report.diagnosis : input.diagnosis
}
