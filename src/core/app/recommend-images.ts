import { MAX_SMI_TEXT } from '../../shared/constants'
import type { GpuProblem } from '../../shared/gpu'
import { isThisMachine, type RecommendRequest, type RecommendResult, type TagCheckResult } from '../../shared/recommend'
import { checkRecommendedTags } from '../domain/recommend/check-tags'
import { recommendDetailed, toResult, type DetailedResult } from '../domain/recommend/recommend'
import { gatherInput, type GatherOptions } from '../domain/recommend/request'
import type { Reason } from '../domain/recommend/types'
import { readTextInput, textProblem } from '../platform/files/read-input'

export interface RecommendImagesOptions extends GatherOptions {
  /** A saved nvidia-smi output to read the GPUs from (`-` is stdin), instead of `smiText` or this machine. */
  smiFile?: string
  /** Ask the registries whether each recommended tag exists, each tag within this long. */
  checkTagsMs?: number
  /**
   * What this machine's container engine lacks to start GPU containers (null: it can, or it did not
   * answer). Asked only for this machine, never for a pasted table or a what-if.
   */
  engineGpuSetup?: () => Promise<RecommendResult['engineGpuSetup'] | null>
}

export type RecommendOutcome =
  | { ok: true; detailed: DetailedResult; result: RecommendResult; checks?: TagCheckResult[] }
  | {
      ok: false
      /** 'smi': the given nvidia-smi output is not one; 'machine': this machine's GPUs cannot be read. */
      kind: 'smi' | 'machine'
      /** Why, as a reason (on a Jetson without nvidia-smi, its own answer). */
      blocker: Reason
      /** nvidia-smi's explained problem, when that is why. */
      problem?: GpuProblem
      /** The `recommend --json` document that says so. */
      result: RecommendResult
    }

/**
 * `gpu-doctor recommend` and the app's Recommend page: the PyTorch images for this machine, for
 * pasted or saved nvidia-smi output, or for a what-if machine (--gpu/--cc/--driver...). An empty or
 * binary text is an InputError; the registries are asked only with `checkTagsMs`.
 */
export async function recommendImages(req: RecommendRequest, options: RecommendImagesOptions = {}): Promise<RecommendOutcome> {
  const { smiFile, checkTagsMs, engineGpuSetup, ...gather } = options
  if (smiFile !== undefined) req = { ...req, smiText: await readTextInput(smiFile, MAX_SMI_TEXT) }
  else if (req.smiText !== undefined) {
    const pasted = textProblem(req.smiText, 'nvidia-smi output')
    if (pasted) throw pasted
  }
  const gathered = await gatherInput(req, gather)
  const detailed = recommendDetailed(gathered.input)
  if (!gathered.ok) {
    const result = toResult({ ...detailed, recommendations: [], blockers: [gathered.blocker] })
    return { ok: false, kind: gathered.kind, blocker: gathered.blocker, problem: gathered.problem, result }
  }
  const setup = engineGpuSetup && smiFile === undefined && isThisMachine(req) && detailed.recommendations.length > 0 ? await engineGpuSetup() : null
  const result = { ...toResult(detailed), ...(setup ? { engineGpuSetup: setup } : {}) }
  if (checkTagsMs === undefined) return { ok: true, detailed, result }
  // Offline or refused, each tag says it was not checked and why.
  const checks = await checkRecommendedTags(result, { timeoutMs: checkTagsMs, signal: options.signal })
  return { ok: true, detailed, result: { ...result, checks }, checks }
}

/** The app's `recommend:get`: the same document as `recommend --json`, with only the blocker when the GPUs cannot be read. */
export async function recommendForRequest(req: RecommendRequest, options: GatherOptions & Pick<RecommendImagesOptions, 'engineGpuSetup'> = {}): Promise<RecommendResult> {
  const outcome = await recommendImages(req, options)
  if (outcome.ok) return outcome.result
  const { input, blockers, blockerCodes } = outcome.result
  return { input, recommendations: [], blockers, blockerCodes }
}
