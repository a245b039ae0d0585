import type { RecommendRequest, RecommendResult } from '../../shared/recommend'
import { recommend } from './recommend'
import { reasonText } from './reasons'
import { type GatherOptions, gatherInput } from './request'

/** `recommend:get`: the same document as `gpu-doctor recommend --json`, for this machine or pasted output. */
export async function recommendForRequest(req: RecommendRequest, options: GatherOptions = {}): Promise<RecommendResult> {
  const gathered = await gatherInput(req, options)
  const result = recommend(gathered.input)
  if (gathered.ok) return result
  const { code, vars } = gathered.blocker
  return { input: result.input, recommendations: [], blockers: [reasonText(gathered.blocker)], blockerCodes: [{ code, vars }] }
}
