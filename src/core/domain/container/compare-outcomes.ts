import type { CompareResult } from '../../../shared/docker'
import { dockerNote } from '../../../shared/i18n/docker-notes'
import type { ProbeOutcome } from '../../platform/probe/run-probe'
import { formatCudnnVersion } from '../../knowledge/compat/versions'

type Side = CompareResult['a']
type ConvPair = { shape: string; on: { ms: number }; off: { ms: number } }

function side(target: string, outcome: ProbeOutcome): Side {
  const r = outcome.ok ? outcome.report : null
  return {
    target,
    ok: outcome.ok,
    reason: outcome.ok ? null : outcome.reason,
    python: r?.python ? `${r.python.executable} (${r.python.version})` : null,
    torch: r?.torch?.version ?? null,
    torchCuda: r?.torch?.cudaBuild ?? null,
    cudnn: formatCudnnVersion(r?.cudnn?.version),
    cudaAvailable: r?.cuda?.available ?? false,
    gpu: r?.cuda?.devices[0]?.name ?? null,
  }
}

type Note = ReturnType<typeof dockerNote>

function convPairs(outcome: ProbeOutcome, side: 'A' | 'B', target: string): { pairs: Record<string, ConvPair>; note: Note | null } {
  const conv = outcome.ok ? outcome.report.workloads?.conv : undefined
  const where = { side, target }
  if (!conv) return { pairs: {}, note: outcome.ok ? dockerNote('compare.noConv', where) : dockerNote('compare.probeFailed', { ...where, reason: outcome.reason }) }
  if ('skipped' in conv) return { pairs: {}, note: dockerNote('compare.convSkipped', { ...where, reason: conv.skipped }) }
  if ('error' in conv) return { pairs: {}, note: dockerNote('compare.convFailed', { ...where, reason: conv.error }) }
  return { pairs: { seed: conv.seed, representative: conv.representative }, note: null }
}

const ratio = (a: number | null, b: number | null) => (a && b ? Math.round((b / a) * 100) / 100 : null)

/**
 * Two probe runs side by side (host vs image, image vs image): versions, then Conv2d timings with
 * cuDNN on and off and the ratio B/A (above 1: B is slower). Pure.
 */
export function compareOutcomes(aTarget: string, a: ProbeOutcome, bTarget: string, b: ProbeOutcome): CompareResult {
  const ca = convPairs(a, 'A', aTarget)
  const cb = convPairs(b, 'B', bTarget)
  const timings: CompareResult['timings'] = []
  for (const kind of ['seed', 'representative'] as const) {
    const pa = ca.pairs[kind]
    const pb = cb.pairs[kind]
    for (const mode of ['on', 'off'] as const) {
      const aMs = pa?.[mode].ms ?? null
      const bMs = pb?.[mode].ms ?? null
      timings.push({ name: `${kind} ${pa?.shape ?? pb?.shape ?? ''} cuDNN ${mode}`.replace(/\s+/g, ' '), aMs, bMs, ratio: ratio(aMs, bMs) })
    }
  }
  const notes = [ca.note, cb.note].filter((n): n is Note => n !== null)
  return { a: side(aTarget, a), b: side(bTarget, b), timings, notes: notes.map((n) => n.text), noteMessages: notes.map((n) => n.message) }
}
