import type { Finding } from '../../../shared/diagnosis'
import { makeFinding } from '../findings/finding-catalog'
import { mapCudaDevices, runOnCommand } from './cuda-devices'
import type { DiagnosisInputs } from './step-inputs'

/** A GPU steps 4–6 left out: step 1 could not use it (its memory full, the GPU lost), so the others ran without it. */
export interface UnmeasuredGpu {
  ordinal: number
  /** nvidia-smi's index when known, else the CUDA ordinal. */
  shownIndex: number
  hostIndex: number | null
  failedCall: string | null
  error: string | null
}

/** The GPUs the probe left out of the workloads (probe 1.9+), named as nvidia-smi numbers them. */
export function unmeasuredGpus(inputs: DiagnosisInputs): UnmeasuredGpu[] {
  if (!inputs.probe.ok) return []
  const r = inputs.probe.report
  const left = r.unmeasured ?? []
  if (!left.length) return []
  const hostGpus = inputs.host.kind === 'ok' ? inputs.host.status.gpus : null
  const env = { CUDA_VISIBLE_DEVICES: r.env.CUDA_VISIBLE_DEVICES ?? null, CUDA_DEVICE_ORDER: r.env.CUDA_DEVICE_ORDER ?? null }
  const mapped = mapCudaDevices(left.map((u) => ({ index: u.index, uuid: r.cuda?.devices.find((d) => d.index === u.index)?.uuid ?? null })), hostGpus, env)
  return left.map((u, i) => ({ ordinal: u.index, shownIndex: mapped[i]!.hostIndex ?? u.index, hostIndex: mapped[i]!.hostIndex, failedCall: u.failedCall ?? null, error: u.error ?? null }))
}

/** The error's first line: "AcceleratorError: CUDA error: out of memory", not CUDA's advice that follows it. */
const firstLine = (text: string | null) => (text ?? 'unknown error').split('\n')[0]!.trim()

/**
 * Said in each of steps 4–6 when the probe left GPUs out: which were not measured and why, which were,
 * and the lines that use the measured ones alone. `measured` are nvidia-smi indices (empty when none ran).
 */
export function unmeasuredFinding(inputs: DiagnosisInputs, measured: readonly number[]): Finding | null {
  const left = unmeasuredGpus(inputs)
  if (!left.length) return null
  const reason = left.map((u) => `GPU ${u.shownIndex}: ${u.failedCall ?? 'a CUDA call'}: ${firstLine(u.error)}`).join('; ')
  const usable = measured.length ? measured : usableHostIndices(inputs, left)
  const list = usable.join(',')
  return makeFinding(
    'gpu-not-measured',
    'warning',
    {
      gpus: left.map((u) => u.shownIndex).join(', '),
      reason,
      measured: measured.length ? measured.join(', ') : '—',
      usable: list || '—',
      command: usable.length ? runOnCommand(usable) : '—',
    },
    left.map((u) => `cuda:${u.ordinal} (GPU ${u.shownIndex}) ${u.failedCall ?? ''}\n${u.error ?? ''}`).join('\n'),
  )
}

/** The GPUs step 1 used for real, other than those left out: what to run on where a step measured none. */
function usableHostIndices(inputs: DiagnosisInputs, left: readonly UnmeasuredGpu[]): number[] {
  if (!inputs.probe.ok) return []
  const r = inputs.probe.report
  const hostGpus = inputs.host.kind === 'ok' ? inputs.host.status.gpus : null
  const ok = (r.cuda?.devices ?? []).filter((d) => d.exercise?.ok && !left.some((u) => u.ordinal === d.index))
  const env = { CUDA_VISIBLE_DEVICES: r.env.CUDA_VISIBLE_DEVICES ?? null, CUDA_DEVICE_ORDER: r.env.CUDA_DEVICE_ORDER ?? null }
  return mapCudaDevices(ok, hostGpus, env).flatMap((d) => (d.hostIndex !== null ? [d.hostIndex] : []))
}
