import type { Finding, StepResultOf } from '../../../shared/diagnosis'
import { GOOD_RATIO, MIN_WORKING_RATIO } from '../../../shared/constants'
import { makeFinding } from '../../rules/finding-catalog'
import { peakFor } from '../gpu-peaks'
import { describeProcesses, gpuSharing } from '../gpu-sharing'
import { workloadFailed } from './sm-utilisation'
import type { DiagnosisInputs } from '../step-inputs'
import { statusFrom, stepResult, summary, torchReport } from '../step-inputs'

export { GOOD_RATIO, MIN_WORKING_RATIO }

/** Step 5: Conv2d with cuDNN on vs off — the seeds' case and a layer where cuDNN matters. */
export function convTimingStep(inputs: DiagnosisInputs): StepResultOf<'conv-timing'> {
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('conv-timing', 'skip', got.skip, {})
  const conv = got.report.workloads?.conv
  if (!conv) return stepResult('conv-timing', 'skip', summary('skip.notRequested'), {})
  if ('skipped' in conv) return stepResult('conv-timing', 'skip', summary('skip.noCuda'), {})
  const sharing = gpuSharing(inputs)
  if ('error' in conv) return workloadFailed('conv-timing', conv.error, sharing)

  const gpuName = got.report.cuda?.devices[0]?.name ?? ''
  const peak = peakFor(gpuName)
  const cudnnOn = conv.cudnnRequested && (got.report.cudnn?.enabled ?? false)
  const row = (label: string, pair: typeof conv.seed, peakTflops: number | null) => ({
    label,
    shape: pair.shape,
    onMs: pair.on.ms,
    offMs: pair.off.ms,
    onTflops: pair.on.tflops,
    offTflops: pair.off.tflops,
    ratio: pair.off.ms / pair.on.ms,
    spreadOnPercent: pair.on.spreadPercent ?? null,
    spreadOffPercent: pair.off.spreadPercent ?? null,
    percentOfPeakOn: peakTflops ? (pair.on.tflops / peakTflops) * 100 : null,
  })
  const seed = row('seed', conv.seed, peak?.fp32 ?? null)
  const rep = row('representative', conv.representative, peak?.fp16TensorDense ?? null)
  const findings: Finding[] = []
  if (!cudnnOn) findings.push(makeFinding('cudnn-disabled', 'error', {}, 'torch.backends.cudnn.enabled was False for the "on" run'))
  if (rep.ratio < MIN_WORKING_RATIO) findings.push(makeFinding('cudnn-not-effective', 'error', { ratio: rep.ratio.toFixed(2) }))
  else if (rep.ratio < GOOD_RATIO) findings.push(makeFinding('cudnn-not-effective', 'warning', { ratio: rep.ratio.toFixed(2) }))
  // Conv ran on the probe's cuda:0; with CUDA_VISIBLE_DEVICES that may not be host GPU 0, so match by UUID.
  const convHostIndex = hostIndexOf(got.report.cuda?.devices[0]?.uuid ?? null, inputs)
  const shared = sharing.find((g) => g.contended && g.gpuIndex === convHostIndex)
  if (shared)
    findings.push(makeFinding('timings-not-representative', 'warning', { gpu: shared.gpuIndex, idle: Math.round(shared.idleSm ?? 0), processes: describeProcesses(shared.others) }))
  const evidence = {
    representative: !shared,
    gpu: gpuName,
    peak: peak ? { label: peak.label, fp16TensorDense: peak.fp16TensorDense, fp32: peak.fp32, source: peak.source } : null,
    cases: [seed, rep],
    method: conv.secondsPerCase
      ? `at least 5 warm-up calls and 0.25 s, then blocks of ~50 ms timed with torch.cuda.Event for at least ${conv.secondsPerCase} s per case; the median block is reported, the spread is its 10th–90th percentile range. FLOPs = 2·N·Cout·Hout·Wout·Cin·K².`
      : 'torch.cuda.Event timing after warm-up, synchronised; seed: 5 warm-up + 50 timed; representative: 5 + 30. FLOPs = 2·N·Cout·Hout·Wout·Cin·K².',
  }
  const said = summary('conv.ok', {
    repOn: rep.onMs.toFixed(2),
    repOff: rep.offMs.toFixed(2),
    repRatio: rep.ratio.toFixed(1),
    seedOn: seed.onMs.toFixed(2),
    seedOff: seed.offMs.toFixed(2),
    seedRatio: seed.ratio.toFixed(1),
  })
  return stepResult('conv-timing', statusFrom(findings), said, evidence, findings)
}

/** The host index of a GPU torch names by UUID (torch prints it without nvidia-smi's "GPU-" prefix); 0 when unknown. */
function hostIndexOf(uuid: string | null, inputs: DiagnosisInputs): number {
  if (!uuid || inputs.host.kind !== 'ok') return 0
  const bare = (u: string | null) => (u ?? '').replace(/^GPU-/i, '').toLowerCase()
  return inputs.host.status.gpus.find((g) => bare(g.uuid) === bare(uuid))?.index ?? 0
}
