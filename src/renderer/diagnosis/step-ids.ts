import type { StepId } from '../../shared/diagnosis'

/**
 * The five steps in order. A copy of shared/diagnosis' STEP_IDS (a unit test keeps them equal):
 * importing that module's values would pull zod into the renderer bundle.
 */
export const STEP_IDS = ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'] as const satisfies readonly StepId[]

type Missing = Exclude<StepId, (typeof STEP_IDS)[number]>
// A step added to the contract and not here fails to compile.
export const STEP_IDS_COMPLETE: Missing extends never ? true : never = true
