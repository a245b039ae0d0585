import { z } from 'zod'

import { WATCH_MAX_SECONDS, WATCH_MIN_SECONDS } from './constants'
import { FindingSchema } from './diagnosis'
import { MessageSchema } from './message'

/** What bounds a watched job, from its GPU and CPU samples. */
export const WatchVerdictSchema = z.enum([
  'healthy',
  'gpu-shared',
  'input-bound',
  'launch-bound',
  'transfer-bound',
  'cpu-oversubscribed',
  'gpu-waits-elsewhere',
  'not-enough-samples',
])
export type WatchVerdict = z.infer<typeof WatchVerdictSchema>

/** The measure that decided a verdict (shown with it). */
export const WatchMeasureSchema = z.enum([
  'samples',
  'pcie-link-share',
  'pcie-throughput',
  'gpm-sm-activity',
  /** GPM tensor-core activity on SMs that work: FP32 without TF32 or bf16. */
  'gpm-tensor-activity',
  /** GPM DRAM bandwidth against its peak: memory-bound kernels. */
  'gpm-dram-bandwidth',
  /** GPM SM occupancy: too few warps per SM. */
  'gpm-occupancy',
  'sm-utilisation',
  'job-sm-share',
  'cgroup-throttling',
  'worker-cpu',
  'main-process-cpu',
  'main-thread-cpu',
  /** Another rank of the job moved memory (or ran kernels) far more: this one waits for it. */
  'rank-memory-bandwidth',
  'rank-sm',
  'none',
])
export type WatchMeasure = z.infer<typeof WatchMeasureSchema>

/** NVML GPM (Hopper and newer), device-wide means over the watch, 0–100 %; null per metric the GPU did not give. */
export const WatchGpmSchema = z.object({
  smActive: z.number().nullable(),
  smOccupancy: z.number().nullable(),
  tensorActive: z.number().nullable(),
  dramBandwidth: z.number().nullable(),
  /** Non-tensor FP32 math (NVML_GPM_METRIC_FP32_UTIL); absent from watches recorded before it was read. */
  fp32Active: z.number().nullable().optional(),
})
export type WatchGpm = z.infer<typeof WatchGpmSchema>

export const WatchPcieLinkSchema = z.object({ generation: z.number().int(), width: z.number().int() })

/** One GPU the job uses, over the watch. Percentages are means of the samples; null where the sampler had no value. */
export const WatchGpuSchema = z.object({
  index: z.number().int(),
  samples: z.number().int(),
  smMean: z.number().nullable(),
  /** Share of samples with SM below WATCH_IDLE_SM_BELOW (0..1). */
  idleShare: z.number().nullable(),
  memBandwidthMean: z.number().nullable(),
  pcieRxMBps: z.number().nullable(),
  pcieTxMBps: z.number().nullable(),
  /** The job's own GPU memory (nvidia-smi --query-compute-apps), MiB. */
  jobMemoryMiB: z.number().nullable(),
  /** SM % of the job's own processes (NVML per-process utilisation); null where the sampler cannot tell processes apart. */
  jobSmMean: z.number().nullable(),
  /** SM % of every other process on this GPU together; null as jobSmMean. */
  othersSmMean: z.number().nullable(),
  /** The PCIe link as it ran (the widest, fastest seen), what it carries per direction, and rx + tx as a share of that (above 1 only with simultaneous two-way traffic). */
  pcieLink: WatchPcieLinkSchema.nullable().optional(),
  pcieCapacityMBps: z.number().nullable().optional(),
  pcieLinkShare: z.number().nullable().optional(),
  gpm: WatchGpmSchema.nullable().optional(),
  /** The model as nvidia-smi names it (the expected figures, such as TF32 and bf16 over FP32, are looked up by it). */
  name: z.string().nullable().optional(),
  /** NVML's SM clock (MHz) and board power (W) means over the watch, and the enforced power limit; absent from nvidia-smi dmon. */
  smClockMHzMean: z.number().nullable().optional(),
  powerWMean: z.number().nullable().optional(),
  powerLimitW: z.number().nullable().optional(),
})
export type WatchGpu = z.infer<typeof WatchGpuSchema>

/** A thread's CPU use and its runnable share (running or waiting for a CPU: what it wanted), % of one core. */
export const WatchThreadSchema = z.object({ tid: z.number().int(), name: z.string(), cpuPercent: z.number(), runnablePercent: z.number() })
export type WatchThread = z.infer<typeof WatchThreadSchema>

export const WatchCpuSchema = z.object({
  /** The watched process with all its threads; 100 = one core. */
  mainPercent: z.number(),
  /** Runnable time of all its threads: above mainPercent when threads wait for a CPU. */
  mainRunnablePercent: z.number(),
  threads: z.number().int(),
  /** The thread that was runnable the most. */
  busiestThread: WatchThreadSchema.nullable(),
  /** Child processes (DataLoader workers and their children). */
  workers: z.number().int(),
  workersPercent: z.number(),
  /** The most runnable worker's runnable %. */
  busiestWorkerPercent: z.number(),
  /** Workers runnable at least half the time. */
  busyWorkers: z.number().int(),
})

export const WatchCgroupSchema = z.object({
  /** cpu.max as a number of CPUs; null when unlimited or unreadable. */
  cpuLimit: z.number().nullable(),
  /** Share of the watch the cgroup was throttled (cpu.stat throttled_usec); null when unknown. */
  throttledShare: z.number().nullable(),
})

/** Another process with a context on one of the job's GPUs during the watch. */
export const WatchOtherProcessSchema = z.object({
  gpuIndex: z.number().int(),
  /** Null where nvidia-smi shows no PID (another PID namespace). */
  pid: z.number().int().nullable(),
  name: z.string(),
  usedMemoryMiB: z.number().nullable(),
  /** Its mean SM % over the watch; null where the sampler cannot tell processes apart. */
  smMean: z.number().nullable(),
})
export type WatchOtherProcess = z.infer<typeof WatchOtherProcessSchema>

/** One rank of the distributed job the watched process belongs to (torchrun, DDP), on this machine. */
export const WatchRankSchema = z.object({
  pid: z.number().int(),
  rank: z.number().int().nullable(),
  localRank: z.number().int().nullable(),
  /** nvidia-smi indices of the GPUs this rank holds a context on. */
  gpus: z.array(z.number().int()),
  smMean: z.number().nullable(),
  memBandwidthMean: z.number().nullable(),
  /** The process that was asked for with --pid. */
  watched: z.boolean(),
})
export type WatchRank = z.infer<typeof WatchRankSchema>

export const WatchResultSchema = z.object({
  pid: z.number().int(),
  command: z.string(),
  container: z.string().nullable(),
  seconds: z.number(),
  sampler: z.string(),
  /** Why NVML was not the sampler (key in namespace 'sampler'); absent in results saved before. */
  samplerFallback: MessageSchema.nullable().optional(),
  gpus: z.array(WatchGpuSchema),
  smMean: z.number().nullable(),
  idleShare: z.number().nullable(),
  memBandwidthMean: z.number().nullable(),
  pcieMBps: z.number().nullable(),
  /** The job's own SM % (its GPUs weighted by samples); null where the sampler cannot tell processes apart. */
  jobSmMean: z.number().nullable(),
  othersSmMean: z.number().nullable(),
  /** The busiest GPU's PCIe rx + tx as a share of its link's one-direction capacity; null where the link is unknown. */
  pcieLinkShare: z.number().nullable().optional(),
  /** GPM means of the job's GPUs; null where no GPU had GPM. */
  gpm: WatchGpmSchema.nullable().optional(),
  /** The job exited or became a zombie during the watch: when (seconds into it). */
  jobEnded: z.object({ state: z.enum(['exited', 'zombie']), afterSeconds: z.number() }).nullable().optional(),
  otherProcesses: z.array(WatchOtherProcessSchema),
  cpu: WatchCpuSchema,
  cgroup: WatchCgroupSchema,
  /** The job's ranks when the process is one rank of a distributed job (same torchrun run id or MASTER_ADDR:MASTER_PORT). */
  job: z.object({ key: z.string(), worldSize: z.number().int().nullable(), ranks: z.array(WatchRankSchema) }).nullable().optional(),
  verdict: WatchVerdictSchema,
  /** Which measure decided the verdict. */
  decidedBy: WatchMeasureSchema.optional(),
  /** The verdict in a sentence with its numbers: key in i18n namespace 'watch'. */
  headline: MessageSchema,
  /** The catalog finding that names the bottleneck with its fix (none when healthy). */
  findings: z.array(FindingSchema),
})
export type WatchResult = z.infer<typeof WatchResultSchema>

export const WatchRequestSchema = z.object({
  pid: z.number().int().min(1),
  seconds: z.number().int().min(WATCH_MIN_SECONDS).max(WATCH_MAX_SECONDS),
})

/** Progress of a watch under way: seconds done of the total, and the latest SM % of the job's GPUs. */
export const WatchProgressSchema = z.object({
  pid: z.number().int(),
  elapsedSeconds: z.number(),
  seconds: z.number(),
  smNow: z.number().nullable(),
})
export type WatchProgress = z.infer<typeof WatchProgressSchema>

/** One compute process in the live panel's table. User and command from /proc; null where unreadable. */
export const GpuProcessRowSchema = z.object({
  gpuIndex: z.number().int().nullable(),
  pid: z.number().int(),
  user: z.string().nullable(),
  command: z.string(),
  container: z.string().nullable(),
  /** SM % of this process in one `nvidia-smi pmon` sample. */
  smPercent: z.number().nullable(),
  usedMemoryMiB: z.number().nullable(),
})
export type GpuProcessRow = z.infer<typeof GpuProcessRowSchema>
