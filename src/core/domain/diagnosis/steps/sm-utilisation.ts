import { selectionFinding } from '../selection-finding'
import type { EvidenceOf, Finding, StepResultOf } from '../../../../shared/diagnosis'
import type { SmGpu, WorkloadFailureEvidence } from '../../../../shared/evidence'
import { SM_WARN_BELOW } from '../../../../shared/constants'
import { makeFinding } from '../../findings/finding-catalog'
import { peakFor } from '../gpu-peaks'
import { describeProcesses, gpuSharing, isOutOfMemory } from '../gpu-sharing'
import { expectedMatmul, siblingComparison, unsteadyThroughput } from '../expected-check'
import { freeAndBusy, loadedGpus, seriesOf } from '../per-gpu'
import { slowdownCauses } from '../slowdown-causes'
import { unmeasuredFinding } from '../unmeasured-gpus'
import { MEMORY_MEANING, memoryCheck } from '../memory-check'
import { debugModeCause } from '../debug-mode'
import { environmentRows } from '../environment-evidence'
import type { DiagnosisInputs } from '../step-inputs'
import { noCudaSkip, statusFrom, stepResult, summary, torchReport } from '../step-inputs'

export { SM_WARN_BELOW }

const JUDGED_SLOW = new Set(['gpu-slower-than-siblings', 'gpu-slower-than-expected', 'gpu-far-below-datasheet', 'gpu-throughput-unsteady'])
/** The GPUs these findings measured slow or unsteady (a merged finding names several: "0, 1"). */
const judgedSlow = (findings: readonly Finding[]) =>
  new Set(findings.filter((f) => JUDGED_SLOW.has(f.id)).flatMap((f) => String(f.params.gpu).split(/,\s*/).map(Number)))

/** GPUs step 4 measured slower than they should be, or unsteady: nvidia-smi's numbers. */
export function gpusMeasuredSlow(inputs: DiagnosisInputs): Set<number> {
  return judgedSlow(smUtilisationStep(inputs).findings)
}

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

/** Step 4: SM% idle and under a sustained matmul load on every chosen GPU at once, beside the TFLOP/s each achieved. */
export function smUtilisationStep(inputs: DiagnosisInputs): StepResultOf<'sm-utilisation'> {
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('sm-utilisation', 'skip', got.skip, {})
  const sustained = got.report.workloads?.sustained
  if (!sustained) return stepResult('sm-utilisation', 'skip', summary('skip.notRequested'), {})
  if ('skipped' in sustained) return stepResult('sm-utilisation', 'skip', noCudaSkip(got.report), {})
  const sharing = gpuSharing(inputs)
  if ('error' in sustained) return workloadFailed('sm-utilisation', sustained.error, sharing, selectionFinding(inputs))
  if (inputs.host.kind !== 'ok') return stepResult('sm-utilisation', 'skip', summary('skip.noSmi'), {})

  const hostGpus = inputs.host.status.gpus
  const findings: Finding[] = []
  const gpus = loadedGpus(sustained.perGpu, inputs, sharing)
  const powerCapped: number[] = []
  const sequential = sustained.measured?.mode === 'sequential'
  const perGpu: SmGpu[] = sustained.perGpu.map((p, i) => {
    const g = gpus[i]!
    const at = g.hostIndex
    // Loaded one after another: only the samples of this GPU's own window describe it under load.
    const own = sequential && p.startedAt !== undefined && p.endedAt !== undefined ? inputs.loadSamples.filter((s) => s.time >= p.startedAt! + 500 && s.time <= p.endedAt!) : inputs.loadSamples
    const idle = stats(seriesOf(inputs.idleSamples, at, 'utilizationGpu'))
    const load = stats(seriesOf(own, at, 'utilizationGpu'))
    const power = stats(seriesOf(own, at, 'powerW'))
    const clock = stats(seriesOf(own, at, 'smClockMHz'))
    const temperature = stats(seriesOf(own, at, 'temperatureC'))
    const name = g.host?.name ?? got.report.cuda?.devices.find((d) => d.index === p.index)?.name ?? null
    const peak = name ? peakFor(name) : null
    const loadGpu = inputs.loadState?.kind === 'ok' && at !== null ? inputs.loadState.status.gpus.find((x) => x.index === at) : undefined
    const reasons = loadGpu?.clocksEventReasons ? BigInt(loadGpu.clocksEventReasons) : 0n
    const throttles = THROTTLE_BITS.filter(([bit]) => (reasons & bit) !== 0n).map(([, n]) => n)
    if (p.error) findings.push(makeFinding('gpu-workload-failed', 'error', { gpu: g.shownIndex, reason: p.error }, p.error))
    else if (g.contended && g.sharing)
      // Busy before our load started: SM% under load cannot tell our kernels from theirs.
      findings.push(makeFinding('gpu-contended', 'warning', { gpu: g.shownIndex, idle: Math.round(g.sharing.idleSm ?? 0), processes: describeProcesses(g.sharing.others) }))
    else if (load.mean !== null && load.mean < SM_WARN_BELOW)
      findings.push(makeFinding('low-sm-utilisation', 'warning', { mean: Math.round(load.mean), threshold: SM_WARN_BELOW }))
    // Capping at the power limit under a deliberately maximal load is the GPU working as designed;
    // thermal and hardware slowdowns are not.
    const serious = throttles.filter((t) => t !== 'SW power cap')
    if (serious.length) findings.push(makeFinding('gpu-clock-throttling', 'warning', { reasons: throttles.join(', ') }, `GPU ${g.shownIndex}: clocks_event_reasons ${loadGpu?.clocksEventReasons ?? '?'}`))
    else if (throttles.length && !g.contended) powerCapped.push(g.shownIndex)
    const tflops = p.tflops ?? 0
    return {
      index: g.shownIndex,
      cudaOrdinal: g.ordinal,
      uuid: g.uuid,
      mappedBy: g.mappedBy,
      name,
      contended: g.contended,
      idleMean: idle.mean ?? g.sharing?.idleSm ?? null,
      loadMean: load.mean,
      loadPeak: load.peak,
      tflops,
      spreadPercent: p.spreadPercent ?? null,
      halvesTflops: p.firstHalfTflops !== undefined && p.secondHalfTflops !== undefined ? [p.firstHalfTflops, p.secondHalfTflops] : null,
      steadinessPercent: p.halvesPercent ?? null,
      error: p.error ?? null,
      percentOfPeak: peak ? (tflops / peak.fp16TensorDense) * 100 : null,
      peakTflops: peak?.fp16TensorDense ?? null,
      peakSource: peak?.source ?? null,
      powerMeanW: power.mean,
      powerLimitW: g.host?.powerLimitW ?? null,
      smClockMeanMHz: clock.mean,
      smClockMaxMHz: g.host?.smClockMaxMHz ?? null,
      temperatureMaxC: temperature.peak,
      clocksEventReasons: loadGpu?.clocksEventReasons ?? null,
      throttles,
    }
  })
  if (powerCapped.length) {
    const limits = [...new Set(powerCapped.map((i) => hostGpus.find((h) => h.index === i)?.powerLimitW ?? '?'))].join('/')
    findings.push(makeFinding('gpu-power-capped-under-load', 'info', { limit: limits }, `GPU ${powerCapped.join(', ')}: clocks_event_reasons: SW power cap`))
  }
  const unmapped = gpus.filter((g) => g.hostIndex === null)
  if (unmapped.length)
    findings.push(
      makeFinding('cuda-ordinal-unmapped', 'info', { ordinals: unmapped.map((g) => g.ordinal).join(', '), cvd: got.report.env.CUDA_VISIBLE_DEVICES ?? '(unset)' }, unmapped.map((g) => `cuda:${g.ordinal} uuid ${g.uuid ?? '?'}`).join('; ')),
    )
  const causesOf = (i: number) => {
    const g = gpus[i]!
    const e = perGpu[i]!
    return slowdownCauses(g, { powerMeanW: e.powerMeanW, smClockMeanMHz: e.smClockMeanMHz, temperatureMaxC: e.temperatureMaxC ?? null, throttles: e.throttles }, hostGpus.filter((h) => h.name === e.name))
  }
  const sequentialNote = sequentialFinding(sustained.measured, perGpu.map((g) => g.index))
  if (sequentialNote) findings.push(sequentialNote)
  const leftOut = unmeasuredFinding(inputs, perGpu.filter((g) => !g.error).map((g) => g.index))
  if (leftOut) findings.push(leftOut)
  findings.push(...unsteadyThroughput(perGpu, causesOf))
  findings.push(...siblingComparison(perGpu, causesOf))
  const expected = expectedMatmul(perGpu, causesOf)
  findings.push(...expected.findings)
  const memory = memoryCheck(got.report.workloads?.memory, inputs)
  findings.push(...memory.findings)
  const { free, busy, runOn } = freeAndBusy(gpus.filter((_, i) => !perGpu[i]!.error))
  if (runOn) findings.push(makeFinding('gpus-free-to-use', 'info', { free: free.join(', '), busy: busy.join(', '), command: runOn }))

  // Processes on GPUs this run did not load are not this step's business. Nor, here, those on a GPU that
  // measured slow or unsteady: they were idle before the load, yet its own finding lists them among the
  // causes checked, and "the results stand" would contradict it (a process that starts working mid-load).
  const slowGpus = judgedSlow(findings)
  const loadedHost = new Set(gpus.flatMap((g) => (g.hostIndex !== null ? [g.hostIndex] : [])))
  const on = (keep: (gpuIndex: number) => boolean) =>
    sharing.filter((s) => loadedHost.has(s.gpuIndex) && keep(s.gpuIndex)).flatMap((g) => g.others.filter((o) => o.gpuIndex === null || o.gpuIndex === g.gpuIndex))
  const others = on(() => true)
  const idleOthers = on((gpuIndex) => !slowGpus.has(gpuIndex))
  if (idleOthers.length && !findings.some((f) => f.id === 'gpu-contended'))
    findings.push(makeFinding('gpu-shared-with-other-processes', 'info', { processes: describeProcesses(idleOthers) }, null))
  const timeline = inputs.idleSamples.concat(inputs.loadSamples).map((s) => ({ time: s.time, gpus: s.gpus.map((g) => ({ index: g.index, sm: g.utilizationGpu })) }))
  const evidence = {
    kernel: sustained.kernel,
    seconds: sustained.seconds,
    loadStartedAt: sustained.startedAt,
    loadEndedAt: sustained.endedAt,
    perGpu,
    freeGpus: free,
    busyGpus: busy,
    runOnFree: runOn,
    expected: expected.evidence,
    otherProcesses: others,
    timeline,
    ...(sustained.measured ? { measured: sustained.measured } : {}),
    ...(memory.evidence.length ? { memory: memory.evidence, memoryMeaning: MEMORY_MEANING } : {}),
    meaning:
      'SM% (nvidia-smi utilization.gpu / dmon sm) is the share of time at least one kernel was running, not how much of the GPU the kernels used: 100% can mean 1% or 90% of peak. TFLOP/s is the work actually done, on every chosen GPU at once (one thread per GPU); GPU numbers are nvidia-smi\'s, matched to CUDA\'s by UUID. % of peak compares it with the datasheet dense BF16/FP16 figure; "expected" with what the probe measured on this model.',
  }
  const judged = debugModeCause('sm-utilisation', findings, environmentRows(got.report.environment))
  return stepResult('sm-utilisation', statusFrom(judged), smSummary(perGpu, free, busy, runOn, sequential ? sustained.measured!.setting : null), evidence, judged)
}

/** The GPUs were loaded one after another (see the probe's measurement_mode): said as an info finding, with the setting. */
export function sequentialFinding(measured: { mode: string; setting: string | null } | undefined, gpus: number[]): Finding | null {
  if (measured?.mode !== 'sequential' || gpus.length < 2) return null
  const setting = measured.setting ?? 'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True'
  const variable = setting.split('=')[0] ?? 'PYTORCH_CUDA_ALLOC_CONF'
  return makeFinding('gpus-measured-one-after-another', 'info', { gpus: gpus.join(', '), setting, variable }, setting)
}

function smSummary(perGpu: SmGpu[], free: number[], busy: number[], runOn: string | null, sequentialSetting: string | null) {
  const ran = perGpu.filter((g) => !g.error)
  const contended = ran.find((g) => g.contended)
  const tf = (g: SmGpu) => g.tflops.toFixed(0)
  if (contended && runOn)
    return summary('sm.someBusy', { busy: busy.join(', '), tflops: tf(contended), free: free.join(', '), freeTflops: ran.filter((g) => !g.contended).map(tf).join('/'), command: runOn })
  if (contended)
    return summary('sm.contended', {
      gpu: contended.index,
      idle: contended.idleMean?.toFixed(0) ?? '?',
      load: contended.loadMean?.toFixed(0) ?? '?',
      tflops: tf(contended),
      percent: contended.percentOfPeak?.toFixed(0) ?? '?',
    })
  if (ran.length > 1) {
    const lowest = [...ran].sort((a, b) => (a.loadMean ?? -1) - (b.loadMean ?? -1))[0]!
    if (sequentialSetting)
      return summary('sm.allGpusSequential', { count: ran.length, setting: sequentialSetting, list: ran.map((g) => `GPU ${g.index} ${tf(g)}`).join(', '), load: lowest.loadMean?.toFixed(0) ?? '?' })
    return summary('sm.allGpus', { count: ran.length, list: ran.map((g) => `GPU ${g.index} ${tf(g)}`).join(', '), load: lowest.loadMean?.toFixed(0) ?? '?' })
  }
  const first = ran[0]
  if (!first) return summary('sm.noGpu')
  return summary('sm.ok', { load: first.loadMean?.toFixed(0) ?? '?', idle: first.idleMean?.toFixed(0) ?? '?', tflops: tf(first), percent: first.percentOfPeak?.toFixed(0) ?? '?' })
}

/** A workload that failed: out of memory is said as such, with who holds the memory; anything else as the error. */
export function workloadFailed<I extends 'sm-utilisation' | 'conv-timing'>(step: I, error: string, sharing: ReturnType<typeof gpuSharing>, selection: Finding | null = null): StepResultOf<I> {
  // Both steps' evidence schemas carry the workload-failure fields; TypeScript cannot see that through I.
  const failed = (evidence: WorkloadFailureEvidence) => evidence as EvidenceOf<I>
  if (selection) return stepResult(step, 'fail', summary('workload.failed', { reason: selection.message }), failed({ error }), [selection])
  if (isOutOfMemory(error)) {
    const holders = describeProcesses(sharing.flatMap((g) => g.others))
    return stepResult(step, 'fail', summary('workload.oom', { holders }), failed({ error, holders }), [
      makeFinding('cuda-oom-or-memory-held', 'error', { holders }, `${error}\nHeld by: ${holders}`),
    ])
  }
  return stepResult(step, 'fail', summary('workload.failed', { reason: error }), failed({ error }), [makeFinding('probe-failed', 'error', { reason: error })])
}
