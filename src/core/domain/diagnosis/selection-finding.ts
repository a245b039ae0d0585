import type { Finding } from '../../../shared/diagnosis'
import { makeFinding } from '../findings/finding-catalog'
import { unusableSelection } from './gpu-selection'
import type { DiagnosisInputs } from './step-inputs'

/**
 * `--gpus` named a GPU the probe's CUDA cannot use (hidden by CUDA_VISIBLE_DEVICES, or not on this
 * machine): said with the GPUs it can use, in place of the probe's bare "no visible GPU" error.
 */
export function selectionFinding(inputs: DiagnosisInputs): Finding | null {
  if (!inputs.selection || !inputs.probe.ok) return null
  const env = inputs.probe.report.env
  const cvd = env.CUDA_VISIBLE_DEVICES ?? null
  const u = unusableSelection(inputs.selection, inputs.host, { CUDA_VISIBLE_DEVICES: cvd, CUDA_DEVICE_ORDER: env.CUDA_DEVICE_ORDER ?? null })
  if (!u) return null
  const visible = u.visible.join(',')
  return makeFinding(
    'gpu-selection-unusable',
    'error',
    { requested: inputs.selection, unusable: u.unusable.join(','), visible: visible || '—', cvd: cvd === null ? '(unset)' : JSON.stringify(cvd) },
    `--gpus ${inputs.selection}\nCUDA_VISIBLE_DEVICES=${cvd === null ? '(unset)' : JSON.stringify(cvd)}\nnvidia-smi GPUs the probe's CUDA sees: ${visible || 'none'}`,
  )
}
