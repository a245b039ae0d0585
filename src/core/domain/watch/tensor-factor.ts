import { peakFor } from '../diagnosis/gpu-peaks'

/** What TF32 and bf16 tensor cores give over FP32 on one GPU model, from its datasheet row, with that row's source. */
export interface TensorFactor {
  model: string
  fp32: number
  tf32: number
  bf16: number
  /** tf32 / fp32 and bf16 / fp32, rounded to whole times. */
  tf32Times: number
  bf16Times: number
  source: string
}

/** The factor for this GPU name (as nvidia-smi prints it); null where GPU Doctor has no figures for the model. */
export function tensorFactorFor(gpuName: string | null | undefined): TensorFactor | null {
  const peak = gpuName ? peakFor(gpuName) : null
  if (!peak) return null
  return {
    model: peak.label,
    fp32: peak.fp32,
    tf32: peak.tf32TensorDense,
    bf16: peak.fp16TensorDense,
    tf32Times: Math.round(peak.tf32TensorDense / peak.fp32),
    bf16Times: Math.round(peak.fp16TensorDense / peak.fp32),
    source: peak.source,
  }
}
