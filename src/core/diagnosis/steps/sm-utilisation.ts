import type { Finding, StepResult } from '../../../shared/diagnosis'
import type { MonitorSample } from '../../../shared/gpu'
import { makeFinding } from '../../rules/finding-catalog'
import { peakFor } from '../gpu-peaks'
import type { DiagnosisInputs } from '../step-inputs'
import { statusFrom, stepResult, summary, torchReport } from '../step-inputs'

export const SM_WARN_BELOW = 70

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
export function smUtilisationStep(inputs: DiagnosisInputs): StepResult {
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('sm-utilisation', 'skip', got.skip, {})
  const sustained = got.report.workloads?.sustained
  if (!sustained) return stepResult('sm-utilisation', 'skip', summary('skip.notRequested'), {})
  if ('skipped' in sustained) return stepResult('sm-utilisation', 'skip', summary('skip.noCuda'), {})
  if ('error' in sustained) return stepResult('sm-utilisation', 'fail', summary('workload.failed', { reason: sustained.error }), {}, [makeFinding('probe-failed', 'error', { reason: sustained.error })])
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
    if (load.mean !== null && load.mean < SM_WARN_BELOW)
      findings.push(makeFinding('low-sm-utilisation', 'warning', { mean: Math.round(load.mean), threshold: SM_WARN_BELOW }))
    // Capping at the power limit under a deliberately maximal load is the GPU working as designed;
    // thermal and hardware slowdowns are not.
    const serious = throttles.filter((t) => t !== 'SW power cap')
    if (throttles.length)
      findings.push(makeFinding('gpu-clock-throttling', serious.length ? 'warning' : 'info', { reasons: throttles.join(', ') }, loadGpu?.clocksEventReasons ?? null))
    return {
      index: p.index,
      name: host?.name ?? null,
      idleMean: idle.mean,
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
  const others = inputs.loadState?.kind === 'ok' ? inputs.loadState.status.processes.filter((p) => p.pid !== inputs.probePid) : []
  if (others.length) findings.push(makeFinding('cuda-oom-or-memory-held', 'info', { count: others.length }, others.map((p) => `${p.pid} ${p.name}`).join('\n')))
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
  const said = first
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
