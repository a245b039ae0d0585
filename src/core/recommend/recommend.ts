import type { CompatData } from '../../shared/compat-data'
import type { RecommendInputEcho, RecommendResult } from '../../shared/recommend'
import { decide } from './choose'
import { compatData } from '../compat/data'
import { resolveMachine } from './machine'
import { type Presented, present } from './present'
import { reasonText } from './reasons'
import type { Reason, RecommendInput } from './types'

/** The answer with its reasons still structured (the CLI translates them). */
export interface DetailedResult {
  input: RecommendInputEcho
  recommendations: Presented[]
  blockers: Reason[]
}

/** Recommends the images for a machine, best first, or says with blockers why none can run. */
export function recommendDetailed(input: RecommendInput, data: CompatData = compatData()): DetailedResult {
  const { machine, blockers, echo } = resolveMachine(input, data)
  if (blockers.length > 0) return { input: echo, recommendations: [], blockers }
  const prefs = { variant: echo.variant, torch: echo.torch, ngc: echo.ngc }
  const decision = decide(machine, prefs, data)
  return {
    input: echo,
    recommendations: decision.choices.map((c) => present(c.rated, c.lead)),
    blockers: decision.blockers,
  }
}

/** The `recommend --json` document: English reasons; `blockers` only when nothing can run. */
export function toResult(detailed: DetailedResult): RecommendResult {
  const result: RecommendResult = {
    input: detailed.input,
    recommendations: detailed.recommendations.map((p) => p.recommendation),
  }
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
