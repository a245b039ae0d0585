import type { CudnnEvidence, LinkedLibrary } from './evidence'

// What the wizard and the reports both derive from typed evidence. No zod here: the renderer
// imports this file and keeps zod out of its bundle.

/** Display order of library origins; 'missing' holds the libraries that resolved nowhere. */
export const ORIGIN_ORDER = ['missing', 'driver', 'driver-stub', 'forward-compat', 'wsl', 'wheel', 'torch', 'conda', 'ld-library-path', 'cuda-toolkit', 'system', 'other'] as const
export type OriginGroupKey = (typeof ORIGIN_ORDER)[number]

export interface OriginGroup {
  origin: OriginGroupKey
  why: string | null
  libraries: LinkedLibrary[]
}

const originKey = (lib: LinkedLibrary): OriginGroupKey =>
  lib.path === null ? 'missing' : (ORIGIN_ORDER as readonly string[]).includes(lib.origin ?? '') ? (lib.origin as OriginGroupKey) : 'other'

/**
 * Libraries grouped by where they resolved from, missing ones first; one row per library name and
 * path (ldd lists a library once for every file that needs it), with every file that needs it.
 */
export function groupByOrigin(libraries: readonly LinkedLibrary[]): OriginGroup[] {
  const groups = new Map<OriginGroupKey, OriginGroup>()
  const rows = new Map<string, LinkedLibrary>()
  for (const lib of libraries) {
    const origin = originKey(lib)
    const key = `${origin}\u0000${lib.name}\u0000${lib.path ?? ''}`
    const row = rows.get(key)
    if (row) {
      const needed = new Set(row.neededBy.split(', ').filter(Boolean))
      if (lib.neededBy) needed.add(lib.neededBy)
      row.neededBy = [...needed].join(', ')
      continue
    }
    const copy = { ...lib }
    rows.set(key, copy)
    let group = groups.get(origin)
    if (!group) {
      group = { origin, why: origin === 'missing' ? null : lib.why, libraries: [] }
      groups.set(origin, group)
    }
    group.libraries.push(copy)
  }
  for (const g of groups.values()) g.libraries.sort((a, b) => a.name.localeCompare(b.name))
  return ORIGIN_ORDER.filter((o) => groups.has(o)).map((o) => groups.get(o)!)
}

/** Whether the loaded cuDNN's major matches the one this torch expects; null when either is unknown. */
export function cudnnMajorMatches(e: CudnnEvidence): boolean | null {
  if (!e.version || e.expectedMajor === null || e.expectedMajor === undefined) return null
  return Number(e.version.split('.')[0]) === e.expectedMajor
}

/** CUDA_VISIBLE_DEVICES as shown: unset and empty mean different things to CUDA. */
export function visibleDevicesText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '(unset)'
  return value === '' ? '"" (empty)' : value
}

/**
 * Which of the probe's two timing methods step 5 used (its English description is in the evidence),
 * so front ends can say it in their language; null for a text they do not know.
 */
export function convMethodOf(method: string | null | undefined): { key: 'blocks'; seconds: string } | { key: 'fixed' } | null {
  if (!method) return null
  const blocks = /^at least 5 warm-up calls and 0\.25 s, then blocks of ~50 ms timed with torch\.cuda\.Event for at least ([\d.]+) s per case;/.exec(method)
  if (blocks) return { key: 'blocks', seconds: blocks[1]! }
  if (method.startsWith('torch.cuda.Event timing after warm-up, synchronised; seed: 5 warm-up + 50 timed; representative: 5 + 30.')) return { key: 'fixed' }
  return null
}
