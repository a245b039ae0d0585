import type { CompatData } from '../../../shared/compat-data'
import type { AarchWheel, RecommendInputEcho, RecommendResult, TablesAsOf } from '../../../shared/recommend'
import { tablesAsOf } from '../../knowledge/compat/tables-as-of'
import { aarch64Wheel } from './aarch64-wheel'
import { decide } from './choose'
import { compatData } from '../../knowledge/compat/data'
import { resolveMachine } from './machine'
import { type Presented, present } from './present'
import { reason, reasonText } from './reasons'
import type { Reason, RecommendInput } from './types'

/** The answer with its reasons still structured (the CLI translates them). */
export interface DetailedResult {
  input: RecommendInputEcho
  recommendations: Presented[]
  blockers: Reason[]
  /** On aarch64: the pip wheel that runs there, if the tables know one. */
  wheel: AarchWheel | null
  /** "Tables as of …": a reason, so front ends translate it. */
  tables: Reason
}

/** The date of the tables and their newest entries, as a reason. */
export function tablesReason(data: CompatData): Reason {
  const t = tablesAsOf(data)
  return reason('tables.asOf', { date: t.date, torch: t.torch, cuda: t.cuda, branch: t.branch, ngc: t.ngc })
}

function tablesDoc(r: Reason): TablesAsOf {
  const v = r.vars
  return {
    asOf: String(v.date),
    newest: { torch: String(v.torch), cuda: String(v.cuda), branch: Number(v.branch), ngc: String(v.ngc) },
    mayMiss: ['pytorch', 'cuda', 'driver-branches', 'ngc', 'gpus'],
    text: reasonText(r),
  }
}

/** Recommends the images for a machine, best first, or says with blockers why none can run. */
export function recommendDetailed(input: RecommendInput, data: CompatData = compatData()): DetailedResult {
  const { machine, blockers, echo } = resolveMachine(input, data)
  const tables = tablesReason(data)
  if (blockers.length > 0) return { input: echo, recommendations: [], blockers, wheel: null, tables }
  const prefs = { variant: echo.variant, torch: echo.torch, ngc: echo.ngc }
  const decision = decide(machine, prefs, data)
  return {
    input: echo,
    recommendations: decision.choices.map((c) => present(c.rated, c.lead)),
    blockers: decision.blockers,
    wheel: aarch64Wheel(machine, data),
    tables,
  }
}

/** The `recommend --json` document: English reasons; `blockers` only when nothing can run. */
export function toResult(detailed: DetailedResult): RecommendResult {
  const result: RecommendResult = {
    input: detailed.input,
    recommendations: detailed.recommendations.map((p) => p.recommendation),
    tables: tablesDoc(detailed.tables),
  }
  if (detailed.input.cpuArch === 'aarch64') result.wheel = detailed.wheel
  if (detailed.recommendations.length === 0) {
    result.blockers = detailed.blockers.map(reasonText)
    result.blockerCodes = detailed.blockers.map((r) => ({ code: r.code, vars: r.vars }))
  }
  return result
}

/** `recommendDetailed`, as the JSON document scripts and the UI read. */
export function recommend(input: RecommendInput, data: CompatData = compatData()): RecommendResult {
  return toResult(recommendDetailed(input, data))
}
