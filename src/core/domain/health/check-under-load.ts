import type { HealthLoad } from '../../../shared/health'
import type { ProbeReport } from '../../../shared/probe'
import { type ProbeOutcome, type ProbeRunner, runProbe } from '../../platform/probe/run-probe'
import { abortableSleep } from '../../platform/util/abortable-sleep'
import { checkHealth, type CheckHealthOptions, type HealthOutcome } from './check-health'

/** How long the load runs before nvidia-smi reads the link: long enough for the link to train up to its top generation. */
export const LOAD_SETTLE_MS = 2_000
/** The load never runs longer than this, even when nvidia-smi is slow to answer. */
const LOAD_SECONDS = 8
const KERNEL = 'bf16 matmul 8192×8192'

export interface CheckUnderLoadOptions extends Omit<CheckHealthOptions, 'smiText' | 'kernelLogText'> {
  python: string
  runner?: ProbeRunner
  settleMs?: number
}

/**
 * The hardware preflight read while GPU Doctor's own load runs (the step-4 bf16 matmuls on every
 * visible GPU), because an idle link drops to a lower PCIe generation to save power. When the load
 * cannot start (no CUDA in that Python, say), the report is read anyway and says it was not loaded.
 */
export async function checkHealthUnderLoad(options: CheckUnderLoadOptions): Promise<HealthOutcome> {
  const stop = new AbortController()
  const onAbort = () => stop.abort()
  options.signal?.addEventListener('abort', onAbort, { once: true })
  let loadStarted!: () => void
  const started = new Promise<void>((resolve) => (loadStarted = resolve))
  const load = runProbe({
    python: options.python,
    workloads: ['sustained'],
    sustainSeconds: LOAD_SECONDS,
    env: options.env,
    signal: stop.signal,
    timeoutMs: (LOAD_SECONDS + 60) * 1000,
    runner: options.runner,
    onProgress: (stage) => {
      if (stage === 'workload:sustained') loadStarted()
    },
  })
  let ended: ProbeOutcome | null = null
  void load.then((outcome) => (ended = outcome))
  try {
    const first = await Promise.race([started.then(() => 'started' as const), load.then((outcome) => outcome)])
    let state: HealthLoad
    if (first === 'started') {
      await abortableSleep(options.settleMs ?? LOAD_SETTLE_MS, stop.signal)
      // The load runs on the GPUs CUDA can see; the others are read as they are (their utilisation column says so).
      const cvd = (options.env ?? process.env).CUDA_VISIBLE_DEVICES
      state = { applied: true, python: options.python, detail: cvd === undefined ? `${KERNEL}, every GPU` : `${KERNEL}, the GPUs CUDA_VISIBLE_DEVICES=${cvd} leaves visible` }
    } else {
      state = { applied: false, python: options.python, detail: first.ok ? notLoaded(first.report) : first.reason }
    }
    const outcome = await checkHealth(options)
    // A load that died while nvidia-smi was reading did not load the GPU for that reading.
    const endedEarly = ended as ProbeOutcome | null
    if (state.applied && endedEarly && !endedEarly.ok) state = { applied: false, python: options.python, detail: endedEarly.reason }
    return outcome.ok ? { ok: true, health: { ...outcome.health, load: state } } : outcome
  } finally {
    stop.abort()
    options.signal?.removeEventListener('abort', onAbort)
    await load
  }
}

function notLoaded(report: ProbeReport): string {
  const sustained = report.workloads?.sustained
  if (sustained && 'skipped' in sustained) return sustained.skipped
  if (sustained && 'error' in sustained) return sustained.error
  if (report.torch && !report.torch.importable) return `torch does not import: ${report.torch.error ?? 'unknown error'}`
  if (report.fatal) return report.fatal
  return report.errors[0] ? `${report.errors[0].stage}: ${report.errors[0].message}` : 'the load did not start'
}
