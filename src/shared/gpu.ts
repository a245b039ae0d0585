import { z } from 'zod'

import { MessageSchema } from './message'

/** A process using a GPU, as nvidia-smi lists it. */
export const GpuProcessSchema = z.object({
  gpuIndex: z.number().int().nullable(),
  pid: z.number().int().nullable(),
  type: z.string().nullable(),
  name: z.string(),
  usedMemoryMiB: z.number().nullable(),
  gpuInstanceId: z.number().int().nullable(),
  computeInstanceId: z.number().int().nullable(),
  /** Container name when the PID belongs to a container (filled by the Docker work). */
  container: z.string().nullable(),
})
export type GpuProcess = z.infer<typeof GpuProcessSchema>

export const MigDeviceSchema = z.object({
  gpuIndex: z.number().int(),
  gpuInstanceId: z.number().int().nullable(),
  computeInstanceId: z.number().int().nullable(),
  migIndex: z.number().int().nullable(),
  memoryTotalMiB: z.number().nullable(),
  memoryUsedMiB: z.number().nullable(),
})
export type MigDevice = z.infer<typeof MigDeviceSchema>

/**
 * One GPU. Every field an output format may lack is nullable: a parser sets null rather than
 * guessing. Names are kept exactly as nvidia-smi printed them (the table truncates with "...").
 */
export const GpuInfoSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  uuid: z.string().nullable(),
  busId: z.string().nullable(),
  computeCapability: z.string().nullable(),
  memoryTotalMiB: z.number().nullable(),
  memoryUsedMiB: z.number().nullable(),
  utilizationGpu: z.number().nullable(),
  utilizationMemory: z.number().nullable(),
  temperatureC: z.number().nullable(),
  powerW: z.number().nullable(),
  powerLimitW: z.number().nullable(),
  smClockMHz: z.number().nullable(),
  smClockMaxMHz: z.number().nullable(),
  persistenceMode: z.boolean().nullable(),
  migMode: z.boolean().nullable(),
  /** Windows driver model: WDDM, TCC, MCDM; null on Linux or when not shown. */
  driverModel: z.string().nullable(),
  pstate: z.string().nullable(),
  /** clocks_event_reasons.active bitmask as printed, e.g. "0x0000000000000001". */
  clocksEventReasons: z.string().nullable(),
})
export type GpuInfo = z.infer<typeof GpuInfoSchema>

export const SmiFormatSchema = z.enum(['csv', 'table', 'q', 'xml'])
export type SmiFormat = z.infer<typeof SmiFormatSchema>

/** What `gpu-doctor status` reports: the driver and every GPU. */
export const GpuStatusSchema = z.object({
  source: z.enum(['live', 'file']),
  format: SmiFormatSchema,
  driverVersion: z.string().nullable(),
  /** The highest CUDA version the driver supports (not an installed toolkit). */
  cudaVersion: z.string().nullable(),
  gpus: z.array(GpuInfoSchema),
  processes: z.array(GpuProcessSchema),
  migDevices: z.array(MigDeviceSchema),
})
export type GpuStatus = z.infer<typeof GpuStatusSchema>

export const GpuErrorCodeSchema = z.enum([
  'nvidia-smi-missing',
  'driver-not-loaded',
  'driver-library-mismatch',
  'no-devices',
  'timeout',
  'garbage-output',
  'failed',
])
export type GpuErrorCode = z.infer<typeof GpuErrorCodeSchema>

/** A failure explained: what happened, the failure-mode id (shared/reference/failure-modes.md) and what to do. */
export const GpuProblemSchema = z.object({
  code: GpuErrorCodeSchema,
  failureModeId: z.string().nullable(),
  /** i18n key of the explanation; `message` is its English text for logs and JSON. */
  messageKey: z.string(),
  message: z.string(),
  fix: z.string(),
  /** What was tried, e.g. the path of nvidia-smi and its exit code and first stderr line. */
  detail: z.string(),
  checked: z.array(z.string()),
})
export type GpuProblem = z.infer<typeof GpuProblemSchema>

export const GpuStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok'), status: GpuStatusSchema }),
  z.object({ kind: z.literal('error'), problem: GpuProblemSchema }),
])
export type GpuState = z.infer<typeof GpuStateSchema>

/** One live sample per GPU, from the single streaming nvidia-smi process. */
export const GpuSampleSchema = z.object({
  index: z.number().int(),
  utilizationGpu: z.number().nullable(),
  utilizationMemory: z.number().nullable(),
  memoryUsedMiB: z.number().nullable(),
  memoryTotalMiB: z.number().nullable(),
  temperatureC: z.number().nullable(),
  powerW: z.number().nullable(),
  powerLimitW: z.number().nullable(),
  smClockMHz: z.number().nullable(),
})
export type GpuSample = z.infer<typeof GpuSampleSchema>

/** One process's share of a GPU since the previous sample (NVML only: nvmlDeviceGetProcessUtilization). */
export const ProcessUtilizationSchema = z.object({
  gpuIndex: z.number().int(),
  pid: z.number().int(),
  smUtil: z.number(),
  memUtil: z.number(),
  encUtil: z.number(),
  decUtil: z.number(),
})
export type ProcessUtilization = z.infer<typeof ProcessUtilizationSchema>

export const MonitorSampleSchema = z.object({
  /** Milliseconds since the epoch, when the sample was read. */
  time: z.number(),
  gpus: z.array(GpuSampleSchema),
  /** Per-process utilisation since the previous reading (NVML only, every few seconds); absent from the nvidia-smi stream. */
  processes: z.array(ProcessUtilizationSchema).optional(),
})
export type MonitorSample = z.infer<typeof MonitorSampleSchema>

/** Which reader feeds the live samples: NVML in-process, or the streaming nvidia-smi and why not NVML. */
export const SamplerSourceSchema = z.object({
  kind: z.enum(['nvml', 'nvidia-smi']),
  /** The NVML library or the nvidia-smi in use. */
  path: z.string().nullable(),
  /** Why NVML is not used ('sampler' namespace); null when it is. */
  fallback: MessageSchema.nullable(),
})
export type SamplerSource = z.infer<typeof SamplerSourceSchema>

export const MonitorStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stopped') }),
  z.object({ kind: z.literal('running'), intervalMs: z.number(), pid: z.number().nullable(), source: SamplerSourceSchema.optional() }),
  z.object({
    kind: z.literal('restarting'),
    attempt: z.number().int(),
    delayMs: z.number(),
    problem: GpuProblemSchema,
  }),
  z.object({ kind: z.literal('failed'), problem: GpuProblemSchema }),
])
export type MonitorState = z.infer<typeof MonitorStateSchema>
