// Byte layouts of the NVML structs the sampler reads (x86-64 / arm64 / Windows x64: natural alignment).
// The binding passes plain Buffers and these functions decode them, so decoding is tested without NVML.

/** nvmlUtilization_t { unsigned int gpu, memory } */
export const UTILIZATION_SIZE = 8
export function decodeUtilization(buf: Buffer): { gpu: number; memory: number } {
  return { gpu: buf.readUInt32LE(0), memory: buf.readUInt32LE(4) }
}

export interface MemoryInfo {
  totalBytes: bigint
  usedBytes: bigint
  freeBytes: bigint
  /** Only nvmlMemory_v2_t says what the driver reserves; null from v1. */
  reservedBytes: bigint | null
}

/** nvmlMemory_t { unsigned long long total, free, used } (used includes the driver's reservation). */
export const MEMORY_V1_SIZE = 24
export function decodeMemoryV1(buf: Buffer): MemoryInfo {
  return { totalBytes: buf.readBigUInt64LE(0), freeBytes: buf.readBigUInt64LE(8), usedBytes: buf.readBigUInt64LE(16), reservedBytes: null }
}

/**
 * nvmlMemory_v2_t { unsigned int version; unsigned long long total, reserved, free, used }: "used"
 * leaves the reservation out, as nvidia-smi's memory.used does since driver 510.
 */
export const MEMORY_V2_SIZE = 40
/** nvmlMemory_v2 = NVML_STRUCT_VERSION(Memory, 2): sizeof | 2 << 24. */
export const MEMORY_V2_VERSION = MEMORY_V2_SIZE | (2 << 24)
export function encodeMemoryV2Request(buf: Buffer): Buffer {
  buf.fill(0, 0, MEMORY_V2_SIZE)
  buf.writeUInt32LE(MEMORY_V2_VERSION, 0)
  return buf
}
export function decodeMemoryV2(buf: Buffer): MemoryInfo {
  return {
    totalBytes: buf.readBigUInt64LE(8),
    reservedBytes: buf.readBigUInt64LE(16),
    freeBytes: buf.readBigUInt64LE(24),
    usedBytes: buf.readBigUInt64LE(32),
  }
}

export const bytesToMiB = (bytes: bigint): number => Number(bytes / 1024n) / 1024

/**
 * Whole MiB (rounded down, as nvidia-smi prints them) of an unsigned 64-bit byte count at `offset`,
 * read as two 32-bit halves: the sampler's hot path, with no BigInt made per sample.
 */
export function readWholeMiB(buf: Buffer, offset: number): number {
  return Math.floor((buf.readUInt32LE(offset + 4) * 0x1_0000_0000 + buf.readUInt32LE(offset)) / 0x10_0000)
}
/** Where used and total sit in each memory struct (bytes). */
export const MEMORY_V2_OFFSETS = { total: 8, used: 32 } as const
export const MEMORY_V1_OFFSETS = { total: 0, used: 16 } as const

/** nvmlProcessUtilizationSample_t { unsigned int pid; unsigned long long timeStamp; unsigned int smUtil, memUtil, encUtil, decUtil } */
export const PROCESS_UTILIZATION_SIZE = 32
export interface ProcessUtilizationSample {
  pid: number
  /** Microseconds (CPU clock) of the sample. */
  timeStampUs: bigint
  smUtil: number
  memUtil: number
  encUtil: number
  decUtil: number
}
export function decodeProcessUtilization(buf: Buffer, count: number): ProcessUtilizationSample[] {
  const out: ProcessUtilizationSample[] = []
  for (let i = 0; i < count; i++) {
    const o = i * PROCESS_UTILIZATION_SIZE
    out.push({
      pid: buf.readUInt32LE(o),
      timeStampUs: buf.readBigUInt64LE(o + 8),
      smUtil: buf.readUInt32LE(o + 16),
      memUtil: buf.readUInt32LE(o + 20),
      encUtil: buf.readUInt32LE(o + 24),
      decUtil: buf.readUInt32LE(o + 28),
    })
  }
  return out
}

/**
 * nvmlProcessInfo_v1_t { unsigned int pid; unsigned long long usedGpuMemory } (16 bytes, the
 * original nvmlDeviceGetComputeRunningProcesses) and nvmlProcessInfo_t (v2/_v3 functions) which adds
 * { unsigned int gpuInstanceId, computeInstanceId } (24 bytes).
 */
export const PROCESS_INFO_V1_SIZE = 16
export const PROCESS_INFO_V2_SIZE = 24
/** NVML_VALUE_NOT_AVAILABLE for usedGpuMemory (no permission on Windows WDDM, for example). */
const VALUE_NOT_AVAILABLE = 0xffffffffffffffffn
const NO_INSTANCE = 0xffffffff

export interface ComputeProcess {
  pid: number
  usedMemoryMiB: number | null
  gpuInstanceId: number | null
  computeInstanceId: number | null
}
export function decodeProcessInfos(buf: Buffer, count: number, stride: number): ComputeProcess[] {
  const out: ComputeProcess[] = []
  for (let i = 0; i < count; i++) {
    const o = i * stride
    const used = buf.readBigUInt64LE(o + 8)
    const gi = stride >= PROCESS_INFO_V2_SIZE ? buf.readUInt32LE(o + 16) : NO_INSTANCE
    const ci = stride >= PROCESS_INFO_V2_SIZE ? buf.readUInt32LE(o + 20) : NO_INSTANCE
    out.push({
      pid: buf.readUInt32LE(o),
      usedMemoryMiB: used === VALUE_NOT_AVAILABLE ? null : bytesToMiB(used),
      gpuInstanceId: gi === NO_INSTANCE ? null : gi,
      computeInstanceId: ci === NO_INSTANCE ? null : ci,
    })
  }
  return out
}

/** A NUL-terminated C string in a fixed buffer. */
export function decodeCString(buf: Buffer): string {
  const end = buf.indexOf(0)
  return buf.toString('utf8', 0, end === -1 ? buf.length : end)
}

// ---- GPM (nvml.h, "GPM Structs"): nvmlGpmMetricsGet_t is { version, numMetrics, sample1, sample2, metrics[MAX] },
// each nvmlGpmMetric_t { metricId u32, nvmlReturn i32, value f64, metricInfo {3 pointers} } = 40 bytes.
export const GPM_METRICS_GET_VERSION = 1
export const GPM_SUPPORT_VERSION = 1
const GPM_HEADER = 24
const GPM_METRIC_SIZE = 40
// NVML_GPM_METRIC_MAX is 98 in older headers and larger in newer ones: room for the larger keeps either NVML inside the buffer.
const GPM_METRIC_ROOM = 256
export const GPM_REQUEST_SIZE = GPM_HEADER + GPM_METRIC_SIZE * GPM_METRIC_ROOM

/**
 * The GPM metrics watch reads (nvmlGpmMetricId_t), all 0–100 %. fp32Active is NVML_GPM_METRIC_FP32_UTIL (12):
 * the share of time the SMs did non-tensor FP32 math, what FP32 matrix products without TF32 keep high.
 */
export const GPM_METRICS = { smActive: 2, smOccupancy: 3, tensorActive: 5, dramBandwidth: 10, fp32Active: 12 } as const
export type GpmMetricName = keyof typeof GPM_METRICS
export type GpmReading = Record<GpmMetricName, number | null>

/** Fills an nvmlGpmMetricsGet_t asking for GPM_METRICS between two samples (their addresses). */
export function encodeGpmRequest(buf: Buffer, sample1: bigint, sample2: bigint): void {
  buf.fill(0)
  const ids = Object.values(GPM_METRICS)
  buf.writeUInt32LE(GPM_METRICS_GET_VERSION, 0)
  buf.writeUInt32LE(ids.length, 4)
  buf.writeBigUInt64LE(sample1, 8)
  buf.writeBigUInt64LE(sample2, 16)
  ids.forEach((id, i) => buf.writeUInt32LE(id, GPM_HEADER + i * GPM_METRIC_SIZE))
}

/** The values NVML wrote back; a metric with a nonzero nvmlReturn (or out of 0–100) is null. */
export function decodeGpmReading(buf: Buffer): GpmReading {
  const out = {} as GpmReading
  ;(Object.keys(GPM_METRICS) as GpmMetricName[]).forEach((name, i) => {
    const at = GPM_HEADER + i * GPM_METRIC_SIZE
    const value = buf.readDoubleLE(at + 8)
    out[name] = buf.readInt32LE(at + 4) === 0 && Number.isFinite(value) && value >= 0 && value <= 100.5 ? Math.round(value * 10) / 10 : null
  })
  return out
}
