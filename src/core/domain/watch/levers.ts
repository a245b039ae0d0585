import type { Finding } from '../../../shared/diagnosis'
import type { FindingId } from '../../../shared/i18n/findings'
import type { MessageParams } from '../../../shared/message'
import type { WatchFacts } from './watch-facts'
import { makeFinding } from '../findings/finding-catalog'
import { tensorFactorFor } from './tensor-factor'

/** GPM SM activity at or above this: the SMs get enough work that how they use it can be judged (below it, few SMs work at all). */
export const GPM_LEVER_SM_ACTIVE_MIN = 30
/** GPM tensor-core activity at or below this on a busy GPU: the work runs without tensor cores. */
export const GPM_TENSOR_IDLE_MAX = 5
/** GPM DRAM bandwidth at or above this (% of peak) with tensor cores idle: the kernels wait on memory. */
export const GPM_DRAM_BOUND_MIN = 60
/**
 * GPM SM occupancy (resident warps against the most an SM holds) below this while the SMs are active:
 * each SM runs too few warps to hide memory latency. Our H100 bf16 GEMMs (16384², healthy, tensor 87–97 %)
 * read 14.6–18.6 % (docs/verification/issues-23-24-after-h100-x2/watch): big tensor-core tiles hold an SM
 * with few warps, so occupancy alone is no verdict there; it is judged only with the tensor cores idle and
 * DRAM below its bound, and below that healthy GEMMs' figure with a margin.
 */
export const GPM_OCCUPANCY_LOW_MAX = 10
/**
 * GPM non-tensor FP32 activity at or above this with the tensor cores idle: the SMs do FP32 math, as
 * FP32 matrix products without TF32 do (cuBLAS SGEMM runs the FP32 pipes near their peak); below it
 * the work is not matrix work that TF32 or bf16 would speed up. Where a watch has no FP32 reading
 * (recorded before it was read) the tensor-core lever is judged without it, as before.
 * To be checked against scripts/gpu/watch-fp32-matmul.py on the H200.
 */
export const GPM_FP32_BUSY_MIN = 30

export type LeverId = 'busy-gpu-tensor-cores-idle' | 'busy-gpu-tensor-cores-idle-model-unknown' | 'busy-gpu-memory-bound' | 'busy-gpu-low-occupancy'

const r0 = (v: number | null | undefined) => (v == null ? '?' : String(Math.round(v)))

/** The job's first GPU whose model is named (a job's GPUs are one model in practice). */
const modelName = (facts: WatchFacts): string | null => facts.gpus.find((g) => g.name)?.name ?? null

/** The params a tensor-core finding adds: this GPU's own datasheet factor for TF32 and bf16 over FP32. */
function factorParams(facts: WatchFacts): MessageParams | null {
  const f = tensorFactorFor(modelName(facts))
  if (!f) return null
  return { model: f.model, fp32: f.fp32, tf32: f.tf32, bf16: f.bf16, tf32Times: f.tf32Times, bf16Times: f.bf16Times, source: f.source }
}

/**
 * How a GPU whose SMs get work uses it, where GPM says: tensor cores idle while DRAM is near its peak
 * (elementwise work: fusion) or while the SMs do FP32 math (FP32 without TF32 or bf16: the factor from
 * the model's own figures, or said unknown); tensor cores idle with few warps per SM (kernels or batches
 * too small). Nothing where GPM is absent or the SMs mostly idle.
 */
export function busyGpuLevers(facts: WatchFacts, p: MessageParams): Finding[] {
  const g = facts.gpm
  if (!g || g.tensorActive === null || g.smActive === null) return []
  if (g.smActive < GPM_LEVER_SM_ACTIVE_MIN || g.tensorActive > GPM_TENSOR_IDLE_MAX) return []
  if (g.dramBandwidth !== null && g.dramBandwidth >= GPM_DRAM_BOUND_MIN) return [makeFinding('busy-gpu-memory-bound', 'info', p)]
  const model = modelName(facts)
  const factor = factorParams(facts)
  const fp32 = g.fp32Active ?? null
  const levers: Finding[] = []
  if (fp32 === null || fp32 >= GPM_FP32_BUSY_MIN) {
    levers.push(
      factor
        ? makeFinding('busy-gpu-tensor-cores-idle', 'warning', { ...p, ...factor })
        : makeFinding('busy-gpu-tensor-cores-idle-model-unknown', 'warning', { ...p, name: model ?? '?' }),
    )
  }
  if (g.smOccupancy !== null && g.smOccupancy < GPM_OCCUPANCY_LOW_MAX) levers.push(makeFinding('busy-gpu-low-occupancy', 'info', p))
  return levers
}

/**
 * Where a finding stands in the order of expected gain. A caveat on all the evidence comes first; then
 * what the GPU waits for (data loading, copies, the CPU, other jobs: nothing on the GPU side helps until
 * the GPU gets the work); then the tensor cores (TF32 or bf16 over FP32: up to 7× and 15× on an H200);
 * then fusion of memory-bound work; then occupancy, whose gain depends on how the kernels are rewritten;
 * last what only informs. Any other id is a verdict's own finding: what the GPU waits for.
 */
const GAIN_RANK: Partial<Record<FindingId, number>> = {
  'watch-job-ended': 0,
  'busy-gpu-tensor-cores-idle': 2,
  'busy-gpu-tensor-cores-idle-model-unknown': 2,
  'busy-gpu-memory-bound': 3,
  'busy-gpu-low-occupancy': 4,
  'watch-no-gpm': 5,
  'watch-sm-includes-other-processes': 5,
}
const WAITS_RANK = 1

/** The findings, biggest lever first (a stable sort: equals keep their order). */
export function orderByGain(findings: Finding[]): Finding[] {
  const rank = (f: Finding) => GAIN_RANK[f.id as FindingId] ?? WAITS_RANK
  return [...findings].sort((a, b) => rank(a) - rank(b))
}

/** No GPM (before Hopper, most consumer GPUs, or nvidia-smi dmon): what cannot be judged, and what NVML gave instead. */
export function noGpmFinding(facts: WatchFacts, p: MessageParams): Finding {
  const g = facts.gpus.find((x) => x.samples > 0) ?? facts.gpus[0]
  return makeFinding('watch-no-gpm', 'info', {
    ...p,
    name: g?.name ?? '?',
    memBw: r0(facts.memBandwidthMean),
    clock: r0(g?.smClockMHzMean),
    power: r0(g?.powerWMean),
    powerLimit: r0(g?.powerLimitW),
  })
}

/** The measure a busy GPU's first lever rests on, and its headline. */
export function leverHeadline(id: string): { key: string; measure: 'gpm-tensor-activity' | 'gpm-dram-bandwidth' | 'gpm-occupancy' } | null {
  if (id === 'busy-gpu-tensor-cores-idle' || id === 'busy-gpu-tensor-cores-idle-model-unknown') return { key: 'verdict.busyTensorIdle', measure: 'gpm-tensor-activity' }
  if (id === 'busy-gpu-memory-bound') return { key: 'verdict.busyMemoryBound', measure: 'gpm-dram-bandwidth' }
  if (id === 'busy-gpu-low-occupancy') return { key: 'verdict.busyLowOccupancy', measure: 'gpm-occupancy' }
  return null
}
