import type { Diagnosis } from '../../../shared/diagnosis'
import { findStep, STEP_IDS } from '../../../shared/diagnosis'
import { gauge, renderExposition, type Labels } from './exposition'

const STATUSES = ['pass', 'warn', 'fail', 'skip'] as const

/** `gpu-doctor diagnose --prometheus`: each step's status and duration, its findings, and what steps 4–5 measured. */
export function diagnosisExposition(d: Diagnosis): string {
  const env = d.environment
  const time = gauge('gpu_doctor_diagnosis_timestamp_seconds', 'When the diagnosis finished, in seconds since the Unix epoch.')
  time.add({}, Date.parse(d.finishedAt) / 1000)
  const info = gauge('gpu_doctor_diagnosis_environment_info', 'Versions the diagnosis saw (empty where unknown); the value is always 1.')
  info.add(
    {
      driver_version: env.driverVersion ?? '',
      driver_cuda: env.driverCuda ?? '',
      torch: env.torch ?? '',
      torch_cuda: env.torchCuda ?? '',
      cudnn: env.cudnn ?? '',
      nccl: env.nccl ?? '',
      python_version: env.pythonVersion ?? '',
    },
    1,
  )
  const status = gauge('gpu_doctor_step_status', 'Verdict of each diagnosis step: 1 for the status it has, 0 for the others.')
  const duration = gauge('gpu_doctor_step_duration_seconds', 'How long each diagnosis step took.')
  const finding = gauge('gpu_doctor_diagnosis_finding', 'One series per diagnosis finding (id as in GPU Doctor\'s findings list); the value is always 1.')
  for (const step of d.steps) {
    const number = String(STEP_IDS.indexOf(step.id) + 1)
    for (const s of STATUSES) status.add({ step: step.id, step_number: number, status: s }, step.status === s ? 1 : 0)
    duration.add({ step: step.id }, step.durationMs / 1000)
    for (const f of step.findings) finding.add({ id: f.id, severity: f.severity, step: step.id }, 1)
  }

  const uuidOf = (index: number) => env.gpus?.find((g) => g.index === index)?.uuid ?? ''
  const flops = gauge('gpu_doctor_load_flops_per_second', 'Matrix-multiply throughput of the load in step 4, per GPU.')
  const peakRatio = gauge('gpu_doctor_load_peak_ratio', 'Step 4 throughput as a fraction of the GPU\'s dense FP16 Tensor Core peak.')
  const smLoad = gauge('gpu_doctor_load_sm_utilisation_ratio', 'Mean SM utilisation during the step 4 load (0 to 1).')
  const power = gauge('gpu_doctor_load_power_watts', 'Mean power draw during the step 4 load.')
  for (const g of findStep(d.steps, 'sm-utilisation')?.evidence.perGpu ?? []) {
    const l: Labels = { gpu: String(g.index), gpu_uuid: uuidOf(g.index), name: g.name ?? '' }
    flops.add(l, g.tflops * 1e12)
    peakRatio.add(l, g.percentOfPeak === null ? null : g.percentOfPeak / 100)
    smLoad.add(l, g.loadMean === null ? null : g.loadMean / 100)
    power.add(l, g.powerMeanW)
  }
  const conv = gauge('gpu_doctor_conv_seconds', 'Time of one Conv2d pass in step 5, with cuDNN on and off.')
  const speedup = gauge('gpu_doctor_conv_cudnn_speedup_ratio', 'How many times faster the Conv2d pass of step 5 is with cuDNN than without.')
  for (const c of findStep(d.steps, 'conv-timing')?.evidence.cases ?? []) {
    conv.add({ case: c.label, shape: c.shape, cudnn: 'on' }, c.onMs / 1000)
    conv.add({ case: c.label, shape: c.shape, cudnn: 'off' }, c.offMs / 1000)
    speedup.add({ case: c.label, shape: c.shape }, c.ratio)
  }
  return renderExposition([time, info, status, duration, finding, flops, peakRatio, smLoad, power, conv, speedup])
}
