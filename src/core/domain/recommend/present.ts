import type { Recommendation } from '../../../shared/recommend'
import type { Rated } from './rate'
import { reasonText } from './reasons'
import type { Reason } from './types'

/** `docker pull IMAGE`. */
export function pullCommand(image: string): string {
  return `docker pull ${image}`
}

/** A one-line check that the container sees the GPU. */
export function runCommand(image: string): string {
  return `docker run --gpus all --rm -it ${image} python -c "import torch; print(torch.cuda.is_available())"`
}

/** A rated image as a recommendation, the role reasons (why it is listed) first. */
export interface Presented {
  recommendation: Recommendation
  /** The same reasons, structured, for front ends that translate them. */
  reasons: Reason[]
}

/** Builds the JSON recommendation of a rated image, with its pull and run lines. */
export function present(rated: Rated, lead: Reason[] = []): Presented {
  const c = rated.candidate
  const reasons = [...lead, ...rated.reasons]
  return {
    recommendation: {
      image: c.image,
      pytorch: c.pytorch,
      cuda: c.cuda,
      cudnn: c.cudnn,
      variant: c.variant,
      compatibility: rated.compatibility,
      reasons: reasons.map(reasonText),
      reasonCodes: reasons.map((r) => ({ code: r.code, vars: r.vars })),
      pull: pullCommand(c.image),
      run: runCommand(c.image),
      confidence: rated.mark,
      ...(c.platforms.length > 0 ? { platforms: [...c.platforms] } : {}),
    },
    reasons,
  }
}
