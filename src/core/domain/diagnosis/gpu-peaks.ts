/**
 * Dense (no sparsity) peak throughput, TFLOP/s, from NVIDIA's datasheets:
 * H100/H200: https://www.nvidia.com/en-us/data-center/h100/ and /h200/ (SXM: FP16/BF16 tensor 989.5
 * dense = 1,979 with sparsity / 2; FP32 67); A100: https://www.nvidia.com/en-us/data-center/a100/
 * (BF16/FP16 tensor 312, FP32 19.5); L4, L40S, RTX 4090 from their datasheets. Marked [S]: datasheet
 * figures at boost clock, not measured here. TF32 tensor, dense, from the same pages (NVIDIA gives it
 * with sparsity, halved here): H100/H200 SXM 989 → 494.5, PCIe 756 → 378, NVL 835 → 417.5; A100 156
 * (312 with sparsity); L40S 366 → 183; L4 120 → 60; RTX 4090 82.6 dense (Ada whitepaper, table 2).
 */
export interface GpuPeak {
  pattern: RegExp
  label: string
  fp16TensorDense: number
  fp32: number
  /** TF32 tensor, dense (what `torch.set_float32_matmul_precision("high")` gives FP32 matmuls). */
  tf32TensorDense: number
  source: string
}

export const GPU_PEAKS: readonly GpuPeak[] = [
  { pattern: /H200 NVL/i, label: 'H200 NVL', fp16TensorDense: 835.5, fp32: 60, tf32TensorDense: 417.5, source: 'https://www.nvidia.com/en-us/data-center/h200/' },
  { pattern: /H200/i, label: 'H200 SXM', fp16TensorDense: 989.5, fp32: 67, tf32TensorDense: 494.5, source: 'https://www.nvidia.com/en-us/data-center/h200/' },
  { pattern: /H100.*PCIe/i, label: 'H100 PCIe', fp16TensorDense: 756.5, fp32: 51, tf32TensorDense: 378, source: 'https://www.nvidia.com/en-us/data-center/h100/' },
  { pattern: /H100 NVL/i, label: 'H100 NVL', fp16TensorDense: 835.5, fp32: 60, tf32TensorDense: 417.5, source: 'https://www.nvidia.com/en-us/data-center/h100/' },
  { pattern: /H100/i, label: 'H100 SXM', fp16TensorDense: 989.5, fp32: 67, tf32TensorDense: 494.5, source: 'https://www.nvidia.com/en-us/data-center/h100/' },
  { pattern: /A100/i, label: 'A100', fp16TensorDense: 312, fp32: 19.5, tf32TensorDense: 156, source: 'https://www.nvidia.com/en-us/data-center/a100/' },
  { pattern: /L40S/i, label: 'L40S', fp16TensorDense: 362.05, fp32: 91.6, tf32TensorDense: 183, source: 'https://www.nvidia.com/en-us/data-center/l40s/' },
  { pattern: /\bL4\b/i, label: 'L4', fp16TensorDense: 121, fp32: 30.3, tf32TensorDense: 60, source: 'https://www.nvidia.com/en-us/data-center/l4/' },
  { pattern: /RTX 4090/i, label: 'RTX 4090', fp16TensorDense: 165.2, fp32: 82.6, tf32TensorDense: 82.6, source: 'https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf' },
]

export function peakFor(gpuName: string): GpuPeak | null {
  return GPU_PEAKS.find((p) => p.pattern.test(gpuName)) ?? null
}
