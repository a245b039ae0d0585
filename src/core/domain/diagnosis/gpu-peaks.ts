/**
 * Dense (no sparsity) peak throughput, TFLOP/s, from NVIDIA's datasheets:
 * H100/H200: https://www.nvidia.com/en-us/data-center/h100/ and /h200/ (SXM: FP16/BF16 tensor 989.5
 * dense = 1,979 with sparsity / 2; FP32 67); A100: https://www.nvidia.com/en-us/data-center/a100/
 * (BF16/FP16 tensor 312, FP32 19.5); L4, L40S, RTX 4090 from their datasheets. Marked [S]: datasheet
 * figures at boost clock, not measured here.
 */
export interface GpuPeak {
  pattern: RegExp
  label: string
  fp16TensorDense: number
  fp32: number
  source: string
}

export const GPU_PEAKS: readonly GpuPeak[] = [
  { pattern: /H200 NVL/i, label: 'H200 NVL', fp16TensorDense: 835.5, fp32: 60, source: 'https://www.nvidia.com/en-us/data-center/h200/' },
  { pattern: /H200/i, label: 'H200 SXM', fp16TensorDense: 989.5, fp32: 67, source: 'https://www.nvidia.com/en-us/data-center/h200/' },
  { pattern: /H100.*PCIe/i, label: 'H100 PCIe', fp16TensorDense: 756.5, fp32: 51, source: 'https://www.nvidia.com/en-us/data-center/h100/' },
  { pattern: /H100 NVL/i, label: 'H100 NVL', fp16TensorDense: 835.5, fp32: 60, source: 'https://www.nvidia.com/en-us/data-center/h100/' },
  { pattern: /H100/i, label: 'H100 SXM', fp16TensorDense: 989.5, fp32: 67, source: 'https://www.nvidia.com/en-us/data-center/h100/' },
  { pattern: /A100/i, label: 'A100', fp16TensorDense: 312, fp32: 19.5, source: 'https://www.nvidia.com/en-us/data-center/a100/' },
  { pattern: /L40S/i, label: 'L40S', fp16TensorDense: 362.05, fp32: 91.6, source: 'https://www.nvidia.com/en-us/data-center/l40s/' },
  { pattern: /\bL4\b/i, label: 'L4', fp16TensorDense: 121, fp32: 30.3, source: 'https://www.nvidia.com/en-us/data-center/l4/' },
  { pattern: /RTX 4090/i, label: 'RTX 4090', fp16TensorDense: 165.2, fp32: 82.6, source: 'https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf' },
]

export function peakFor(gpuName: string): GpuPeak | null {
  return GPU_PEAKS.find((p) => p.pattern.test(gpuName)) ?? null
}
