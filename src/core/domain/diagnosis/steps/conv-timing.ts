import { selectionFinding } from '../selection-finding'
import type { Finding, StepResultOf } from '../../../../shared/diagnosis'
import type { ConvGpu, ExpectedCheck } from '../../../../shared/evidence'
import type { ProbeReport } from '../../../../shared/probe'
import { GOOD_RATIO, MIN_WORKING_RATIO } from '../../../../shared/constants'
import { makeFinding } from '../../findings/finding-catalog'
import { expectedConv } from '../expected-check'
import { peakFor } from '../gpu-peaks'
import { describeProcesses, gpuSharing } from '../gpu-sharing'
import { freeAndBusy, type LoadedGpu, loadedGpus, seriesOf } from '../per-gpu'
import { slowdownCauses } from '../slowdown-causes'
import { debugModeCause } from '../debug-mode'
import { strayCudnn } from '../library-route'
import { environmentRows } from '../environment-evidence'
import { sequentialFinding, workloadFailed } from './sm-utilisation'
import type { DiagnosisInputs } from '../step-inputs'
import { noCudaSkip, statusFrom, stepResult, summary, torchReport } from '../step-inputs'
import { unmeasuredFinding } from '../unmeasured-gpus'

export { GOOD_RATIO, MIN_WORKING_RATIO }

type ConvDone = Extract<NonNullable<NonNullable<ProbeReport['workloads']>['conv']>, { seed: unknown }>
type Pair = ConvDone['seed']

const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : null)

function casesOf(seedPair: Pair, repPair: Pair, name: string) {
  const peak = peakFor(name)
  const row = (label: string, pair: Pair, peakTflops: number | null) => ({
    label,
    shape: pair.shape,
    onMs: pair.on.ms,
    offMs: pair.off.ms,
    onTflops: pair.on.tflops,
    offTflops: pair.off.tflops,
    ratio: pair.off.ms / pair.on.ms,
    spreadOnPercent: pair.on.spreadPercent ?? null,
    spreadOffPercent: pair.off.spreadPercent ?? null,
    iqrOnPercent: pair.on.iqrPercent ?? null,
    percentOfPeakOn: peakTflops ? (pair.on.tflops / peakTflops) * 100 : null,
  })
  return [row('seed', seedPair, peak?.fp32 ?? null), row('representative', repPair, peak?.fp16TensorDense ?? null)]
}

/** Step 5: Conv2d with cuDNN on vs off — the seeds' case and a layer where cuDNN matters — on every chosen GPU at once. */
export function convTimingStep(inputs: DiagnosisInputs): StepResultOf<'conv-timing'> {
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('conv-timing', 'skip', got.skip, {})
  const conv = got.report.workloads?.conv
  if (!conv) return stepResult('conv-timing', 'skip', summary('skip.notRequested'), {})
  if ('skipped' in conv) return stepResult('conv-timing', 'skip', noCudaSkip(got.report), {})
  const sharing = gpuSharing(inputs)
  if ('error' in conv) return workloadFailed('conv-timing', conv.error, sharing, selectionFinding(inputs))

  // An older probe timed cuda:0 only, without a per-GPU list.
  const runs = conv.perGpu ?? [{ index: 0, uuid: null, seed: conv.seed, representative: conv.representative, error: undefined }]
  const gpus = loadedGpus(runs, inputs, sharing)
  const nameOf = (g: LoadedGpu) => g.host?.name ?? got.report.cuda?.devices.find((d) => d.index === g.ordinal)?.name ?? ''
  const perGpu: ConvGpu[] = runs.map((r, i) => {
    const g = gpus[i]!
    const cases = r.seed && r.representative ? casesOf(r.seed, r.representative, nameOf(g)) : []
    return { index: g.shownIndex, cudaOrdinal: g.ordinal, uuid: g.uuid, name: nameOf(g) || null, contended: g.contended, cases, error: r.error ?? null }
  })
  const findings: Finding[] = []
  const cudnnOn = conv.cudnnRequested && (got.report.cudnn?.enabled ?? false)
  if (!cudnnOn) findings.push(makeFinding('cudnn-disabled', 'error', {}, 'torch.backends.cudnn.enabled was False for the "on" run'))
  // cuDNN's effect is a property of the libraries, not of a GPU: judged on the first GPU nobody else was using.
  const judged = perGpu.find((p) => !p.contended && p.cases.length) ?? perGpu.find((p) => p.cases.length)!
  const rep = judged.cases[1]!
  const seed = judged.cases[0]!
  if (rep.ratio < MIN_WORKING_RATIO) findings.push(makeFinding('cudnn-not-effective', 'error', { ratio: rep.ratio.toFixed(2) }))
  else if (rep.ratio < GOOD_RATIO) findings.push(makeFinding('cudnn-not-effective', 'warning', { ratio: rep.ratio.toFixed(2) }))
  const expected: ExpectedCheck[] = []
  perGpu.forEach((p, i) => {
    const g = gpus[i]!
    if (p.error) return void findings.push(makeFinding('gpu-workload-failed', 'error', { gpu: p.index, reason: p.error }, p.error))
    if (g.contended && g.sharing)
      findings.push(makeFinding('timings-not-representative', 'warning', { gpu: p.index, idle: Math.round(g.sharing.idleSm ?? 0), processes: describeProcesses(g.sharing.others) }))
    const underLoad = {
      powerMeanW: mean(seriesOf(inputs.loadSamples, g.hostIndex, 'powerW')),
      smClockMeanMHz: mean(seriesOf(inputs.loadSamples, g.hostIndex, 'smClockMHz')),
      temperatureMaxC: seriesOf(inputs.loadSamples, g.hostIndex, 'temperatureC').reduce<number | null>((a, b) => (a === null || b > a ? b : a), null),
      throttles: [],
    }
    const siblings = inputs.host.kind === 'ok' ? inputs.host.status.gpus.filter((h) => h.name === p.name) : []
    // The table's timings come from the blocked timing (probe 1.1+); an older probe's short bursts are not comparable.
    if (!conv.secondsPerCase) return
    const check = expectedConv(p, p.cases, slowdownCauses(g, underLoad, siblings))
    // The model's times are cuDNN's: a run with cuDNN off is slower for that reason, not for power or clocks.
    if (cudnnOn) findings.push(...check.findings)
    expected.push(...check.evidence)
  })
  const sequentialNote = sequentialFinding(conv.measured, perGpu.map((p) => p.index))
  if (sequentialNote) findings.push(sequentialNote)
  const leftOut = unmeasuredFinding(inputs, perGpu.filter((p) => p.cases.length).map((p) => p.index))
  if (leftOut) findings.push(leftOut)
  const { free, runOn } = freeAndBusy(gpus)
  const first = perGpu[0]!
  const peak = peakFor(first.name ?? '')
  const evidence = {
    representative: !perGpu.some((p) => p.contended),
    gpu: first.name ?? '',
    peak: peak ? { label: peak.label, fp16TensorDense: peak.fp16TensorDense, fp32: peak.fp32, source: peak.source } : null,
    cases: judged.cases,
    perGpu,
    expected,
    ...(conv.measured ? { measured: conv.measured } : {}),
    method: conv.secondsPerCase
      ? `at least 5 warm-up calls and 0.25 s, then blocks of ~50 ms timed with torch.cuda.Event for at least ${conv.secondsPerCase} s per case; the median block is reported, the spread is its 10th–90th percentile range. FLOPs = 2·N·Cout·Hout·Wout·Cin·K². ${
          conv.measured?.mode === 'sequential'
            ? `The GPUs ran each case one after another in one thread, because ${conv.measured.setting ?? 'the allocator setting'} enables expandable segments (concurrent threads crashed with it).`
            : "Every GPU ran each case at the same time, one thread per GPU (cuDNN's flags are process-wide, so they are set once around each case)."
        }`
      : 'torch.cuda.Event timing after warm-up, synchronised; seed: 5 warm-up + 50 timed; representative: 5 + 30. FLOPs = 2·N·Cout·Hout·Wout·Cin·K².',
  }
  const params = {
    repOn: rep.onMs.toFixed(2),
    repOff: rep.offMs.toFixed(2),
    repRatio: rep.ratio.toFixed(1),
    seedOn: seed.onMs.toFixed(2),
    seedOff: seed.offMs.toFixed(2),
    seedRatio: seed.ratio.toFixed(1),
  }
  const ran = perGpu.filter((p) => p.cases.length)
  const said =
    ran.length > 1
      ? summary('conv.okMulti', {
          ...params,
          gpu: judged.index,
          list: ran.map((p) => `GPU ${p.index} ${p.cases[1]!.onMs.toFixed(3)}${p.contended ? ' (busy)' : ''}`).join(', '),
          free: free.join(', ') || '-',
          command: runOn ?? '',
        })
      : summary('conv.ok', params)
  const withCause = debugModeCause('conv-timing', findings, environmentRows(got.report.environment), undefined, strayCudnn(got.report))
  return stepResult('conv-timing', statusFrom(withCause), said, evidence, withCause)
}
