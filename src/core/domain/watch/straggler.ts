import type { Finding } from '../../../shared/diagnosis'
import type { WatchRank } from '../../../shared/watch'
import { makeFinding } from '../findings/finding-catalog'
import type { Judgement } from './verdict'

/**
 * A rank that waits in a collective still shows its GPU 100 % "busy": NCCL's kernel spins on the GPU
 * while it waits. What it does not do is move memory. So the rank whose GPU reads and writes memory
 * far more than every other rank's is the one the others wait for; SM % decides only where the
 * sampler gives no memory figure.
 */
export const STRAGGLER_MEMORY_POINTS = 15
export const STRAGGLER_SM_POINTS = 20

const r0 = (v: number | null) => (v === null ? '?' : String(Math.round(v)))

export function judgeStraggler(ranks: WatchRank[]): { straggler: WatchRank; by: 'memory-bandwidth' | 'sm' } | null {
  const measured = ranks.filter((r) => r.smMean !== null || r.memBandwidthMean !== null)
  if (measured.length < 2) return null
  const lead = (pick: (r: WatchRank) => number | null, points: number, ratio: number) => {
    const values = measured.map((r) => ({ r, v: pick(r) })).filter((x): x is { r: WatchRank; v: number } => x.v !== null)
    if (values.length !== measured.length) return null
    const sorted = [...values].sort((a, b) => b.v - a.v)
    const [top, next] = [sorted[0]!, sorted[1]!]
    return top.v - next.v >= points && top.v >= next.v * ratio ? top.r : null
  }
  const byMemory = lead((r) => r.memBandwidthMean, STRAGGLER_MEMORY_POINTS, 1.5)
  if (byMemory) return { straggler: byMemory, by: 'memory-bandwidth' }
  const bySm = lead((r) => r.smMean, STRAGGLER_SM_POINTS, 1)
  return bySm ? { straggler: bySm, by: 'sm' } : null
}

/** The finding that names the straggler, with every rank's numbers. */
export function stragglerFinding(ranks: WatchRank[], key: string): Finding | null {
  const judged = judgeStraggler(ranks)
  if (!judged) return null
  const s = judged.straggler
  const others = ranks.filter((r) => r !== s)
  return makeFinding(
    'distributed-rank-straggler',
    'warning',
    {
      rank: s.rank ?? '?',
      pid: s.pid,
      gpu: s.gpus.join(', ') || '?',
      mem: r0(s.memBandwidthMean),
      sm: r0(s.smMean),
      othersMem: others.map((o) => r0(o.memBandwidthMean)).join('/'),
      othersSm: others.map((o) => r0(o.smMean)).join('/'),
      by: judged.by,
      count: ranks.length,
      job: key,
    },
    ranks.map((r) => `rank ${r.rank ?? '?'} pid ${r.pid} GPU ${r.gpus.join(',') || '?'}: SM ${r0(r.smMean)}%, memory ${r0(r.memBandwidthMean)}%`).join('; '),
  )
}

/**
 * Verdicts a rank waiting in a collective fakes: NCCL's kernel spins on its GPU (the counter reads busy,
 * GPM shows idle SMs) and its main thread spins in the synchronisation (CPU at 100 %).
 */
const FAKED_BY_WAITING = new Set(['healthy', 'launch-bound', 'gpu-waits-elsewhere'])
const VERDICT_FINDINGS = new Set(['launch-bound-small-kernels', 'gpu-sms-mostly-idle', 'gpu-waits-not-on-cpu', 'main-thread-cpu-bound'])

/**
 * The watched rank's verdict beside its job's other ranks: when another rank is the straggler, the
 * watched one waits for it, whatever its own GPU counter and CPU looked like, and the verdict says so.
 */
export function withStraggler(judged: Judgement, ranks: WatchRank[], watchedPid: number, finding: Finding | null): Judgement {
  const found = judgeStraggler(ranks)
  if (!finding || !found) return judged
  const waiting = found.straggler.pid !== watchedPid && (FAKED_BY_WAITING.has(judged.verdict) || judged.findings.some((f) => f.id === 'main-thread-cpu-bound'))
  if (!waiting) return { ...judged, findings: [finding, ...judged.findings] }
  return {
    verdict: 'gpu-waits-elsewhere',
    decidedBy: found.by === 'memory-bandwidth' ? 'rank-memory-bandwidth' : 'rank-sm',
    headline: { key: 'verdict.waitsForRank', params: { ...judged.headline.params, ...finding.params } },
    findings: [finding, ...judged.findings.filter((f) => !VERDICT_FINDINGS.has(f.id))],
  }
}
