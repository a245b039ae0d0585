import type { RecommendRequest, RecommendResult } from '../../../shared/recommend'
import { textProblem } from '../../platform/files/read-input'
import { recommend } from './recommend'
import { reasonText } from './reasons'
import { type GatherOptions, gatherInput } from './request'

/** `recommend:get`: the same document as `gpu-doctor recommend --json`, for this machine or pasted output. */
export async function recommendForRequest(req: RecommendRequest, options: GatherOptions = {}): Promise<RecommendResult> {
  // An empty or binary paste is the user's mistake, said as such (IPC `input-empty` / `input-not-text`).
  const pasted = req.smiText === undefined ? null : textProblem(req.smiText, 'nvidia-smi output')
  if (pasted) throw pasted
  const gathered = await gatherInput(req, options)
  const result = recommend(gathered.input)
  if (gathered.ok) return result
  const { code, vars } = gathered.blocker
  return { input: result.input, recommendations: [], blockers: [reasonText(gathered.blocker)], blockerCodes: [{ code, vars }] }
}
