import type { EvidenceOf, Finding, StepResultOf } from '../../../shared/diagnosis'
import type { WorkloadFailureEvidence } from '../../../shared/evidence'
import { SM_WARN_BELOW } from '../../../shared/constants'
import type { MonitorSample } from '../../../shared/gpu'
import { makeFinding } from '../../rules/finding-catalog'
import { peakFor } from '../gpu-peaks'
import { describeProcesses, gpuSharing, isOutOfMemory } from '../gpu-sharing'
import type { DiagnosisInputs } from '../step-inputs'
import { statusFrom, stepResult, summary, torchReport } from '../step-inputs'

export { SM_WARN_BELOW }

// clocks_event_reasons bits (nvml: nvmlClocksEventReasons), the ones that mean "slowed down".
const THROTTLE_BITS: Array<[bigint, string]> = [
  [0x4n, 'SW power cap'],
  [0x8n, 'HW slowdown'],
  [0x20n, 'SW thermal slowdown'],
  [0x40n, 'HW thermal slowdown'],
  [0x80n, 'HW power brake'],
]

function stats(values: number[]): { mean: number | null; peak: number | null } {
  if (values.length === 0) return { mean: null, peak: null }
  return { mean: values.reduce((a, b) => a + b, 0) / values.length, peak: Math.max(...values) }
}

function series(samples: MonitorSample[], gpu: number, key: 'utilizationGpu' | 'powerW' | 'smClockMHz'): number[] {
  return samples.flatMap((s) => s.gpus.filter((g) => g.index === gpu).map((g) => g[key])).filter((v): v is number => v !== null)
}

/** Step 4: SM% idle and under a sustained matmul load, beside the TFLOP/s actually achieved. */
export function smUtilisationStep(inputs: DiagnosisInputs): StepResultOf<'sm-utilisation'> {
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('sm-utilisation', 'skip', got.skip, {})
  const sustained = got.report.workloads?.sustained
  if (!sustained) return stepResult('sm-utilisation', 'skip', summary('skip.notRequested'), {})
  if ('skipped' in sustained) return stepResult('sm-utilisation', 'skip', summary('skip.noCuda'), {})
  const sharing = gpuSharing(inputs)
  if ('error' in sustained) return workloadFailed('sm-utilisation', sustained.error, sharing)
  if (inputs.host.kind !== 'ok') return stepResult('sm-utilisation', 'skip', summary('skip.noSmi'), {})

  const hostGpus = inputs.host.status.gpus
  const findings: Finding[] = []
  const perGpu = sustained.perGpu.map((p) => {
    const host = hostGpus[p.index]
    const idle = stats(series(inputs.idleSamples, host?.index ?? p.index, 'utilizationGpu'))
    const load = stats(series(inputs.loadSamples, host?.index ?? p.index, 'utilizationGpu'))
    const power = stats(series(inputs.loadSamples, host?.index ?? p.index, 'powerW'))
    const clock = stats(series(inputs.loadSamples, host?.index ?? p.index, 'smClockMHz'))
    const peak = host ? peakFor(host.name) : null
    const loadGpu = inputs.loadState?.kind === 'ok' ? inputs.loadState.status.gpus.find((g) => g.index === host?.index) : undefined
    const reasons = loadGpu?.clocksEventReasons ? BigInt(loadGpu.clocksEventReasons) : 0n
    const throttles = THROTTLE_BITS.filter(([bit]) => (reasons & bit) !== 0n).map(([, name]) => name)
    const shared = sharing.find((g) => g.gpuIndex === (host?.index ?? p.index))
    if (shared?.contended)
      // Busy before our load started: SM% under load cannot tell our kernels from theirs.
      findings.push(makeFinding('gpu-contended', 'warning', { gpu: shared.gpuIndex, idle: Math.round(shared.idleSm ?? 0), processes: describeProcesses(shared.others) }))
    else if (load.mean !== null && load.mean < SM_WARN_BELOW)
      findings.push(makeFinding('low-sm-utilisation', 'warning', { mean: Math.round(load.mean), threshold: SM_WARN_BELOW }))
    // Capping at the power limit under a deliberately maximal load is the GPU working as designed;
    // thermal and hardware slowdowns are not.
    const serious = throttles.filter((t) => t !== 'SW power cap')
    if (serious.length) findings.push(makeFinding('gpu-clock-throttling', 'warning', { reasons: throttles.join(', ') }, loadGpu?.clocksEventReasons ?? null))
    else if (throttles.length)
      findings.push(makeFinding('gpu-power-capped-under-load', 'info', { limit: host?.powerLimitW ?? '?' }, `clocks_event_reasons ${loadGpu?.clocksEventReasons ?? '?'}: SW power cap`))
    return {
      index: p.index,
      name: host?.name ?? null,
      contended: shared?.contended ?? false,
      idleMean: idle.mean ?? shared?.idleSm ?? null,
      loadMean: load.mean,
      loadPeak: load.peak,
      tflops: p.tflops,
      percentOfPeak: peak ? (p.tflops / peak.fp16TensorDense) * 100 : null,
      peakTflops: peak?.fp16TensorDense ?? null,
      peakSource: peak?.source ?? null,
      powerMeanW: power.mean,
      powerLimitW: host?.powerLimitW ?? null,
      smClockMeanMHz: clock.mean,
      clocksEventReasons: loadGpu?.clocksEventReasons ?? null,
      throttles,
    }
  })
  const others = sharing.flatMap((g) => g.others.filter((o) => o.gpuIndex === null || o.gpuIndex === g.gpuIndex))
  if (others.length && !findings.some((f) => f.id === 'gpu-contended'))
    findings.push(makeFinding('gpu-shared-with-other-processes', 'info', { processes: describeProcesses(others) }, null))
  const timeline = inputs.idleSamples.concat(inputs.loadSamples).map((s) => ({ time: s.time, gpus: s.gpus.map((g) => ({ index: g.index, sm: g.utilizationGpu })) }))
  const evidence = {
    kernel: sustained.kernel,
    seconds: sustained.seconds,
    loadStartedAt: sustained.startedAt,
    loadEndedAt: sustained.endedAt,
    perGpu,
    otherProcesses: others,
    timeline,
    meaning:
      'SM% (nvidia-smi utilization.gpu / dmon sm) is the share of time at least one kernel was running, not how much of the GPU the kernels used: 100% can mean 1% or 90% of peak. TFLOP/s is the work actually done; % of peak compares it with the datasheet dense BF16/FP16 figure.',
  }
  // The least busy GPU tells whether the box as a whole is starved.
  const first = [...perGpu].sort((a, b) => (a.loadMean ?? -1) - (b.loadMean ?? -1))[0]
  const contended = perGpu.find((g) => g.contended)
  const said = contended
    ? summary('sm.contended', {
        gpu: contended.index,
        idle: contended.idleMean?.toFixed(0) ?? '?',
        load: contended.loadMean?.toFixed(0) ?? '?',
        tflops: contended.tflops.toFixed(0),
        percent: contended.percentOfPeak?.toFixed(0) ?? '?',
      })
    : first
    ? summary(perGpu.length > 1 ? 'sm.okMulti' : 'sm.ok', {
        count: perGpu.length,
        load: first.loadMean?.toFixed(0) ?? '?',
        idle: first.idleMean?.toFixed(0) ?? '?',
        tflops: first.tflops.toFixed(0),
        percent: first.percentOfPeak?.toFixed(0) ?? '?',
      })
    : summary('sm.noGpu')
  return stepResult('sm-utilisation', statusFrom(findings), said, evidence, findings)
}

/** A workload that failed: out of memory is said as such, with who holds the memory; anything else as the error. */
export function workloadFailed<I extends 'sm-utilisation' | 'conv-timing'>(step: I, error: string, sharing: ReturnType<typeof gpuSharing>): StepResultOf<I> {
  // Both steps' evidence schemas carry the workload-failure fields; TypeScript cannot see that through I.
  const failed = (evidence: WorkloadFailureEvidence) => evidence as EvidenceOf<I>
  if (isOutOfMemory(error)) {
    const holders = describeProcesses(sharing.flatMap((g) => g.others))
    return stepResult(step, 'fail', summary('workload.oom', { holders }), failed({ error, holders }), [
      makeFinding('cuda-oom-or-memory-held', 'error', { holders }, `${error}\nHeld by: ${holders}`),
    ])
  }
  return stepResult(step, 'fail', summary('workload.failed', { reason: error }), failed({ error }), [makeFinding('probe-failed', 'error', { reason: error })])
}
