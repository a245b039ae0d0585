import type { CudaVersion } from './cuda-version'

/** The first CUDA release that can build native kernels for a GPU's architecture. */
export interface ArchNeed {
  arch: string
  minCuda: CudaVersion
}

// By architecture family: kernels built for sm_X0 run on every sm_XY of the same major, so only a
// new major needs a newer toolkit (shared/reference/compat-matrix.md §4; CUDA release notes).
const FAMILIES: ReadonlyArray<readonly [RegExp, ArchNeed]> = [
  [/RTX 50\d0|RTX PRO \d+ Blackwell|\bGB10\b/i, { arch: 'sm_120', minCuda: { major: 12, minor: 8 } }],
  [/\bG?B[123]00\b/i, { arch: 'sm_100', minCuda: { major: 12, minor: 8 } }],
  [/\bG?H(?:100|200|800|20)\b/i, { arch: 'sm_90', minCuda: { major: 11, minor: 8 } }],
  [
    /\bA(?:100|800|30|40|10G?|16|2)\b|RTX A\d000|RTX 30\d0|RTX 40\d0|\bL(?:4|40S?|20)\b|RTX \d000 Ada/i,
    { arch: 'sm_80', minCuda: { major: 11, minor: 0 } },
  ],
]

/** What a GPU (by its marketing name) needs from the CUDA build, or null for older or unknown GPUs. */
export function archNeedOf(gpuName: string): ArchNeed | null {
  for (const [pattern, need] of FAMILIES) {
    if (pattern.test(gpuName)) return need
  }
  return null
}
