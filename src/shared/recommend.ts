import { z } from 'zod'

import { MarkSchema } from './compat-data'
import { MAX_SMI_TEXT } from './constants'
import { MessageParamsSchema } from './message'

// The `gpu-doctor recommend --json` document and the `recommend:get` request. Scripts depend on
// these field names: add fields, never rename them.

/** Which driver numbering applies: Windows also for WSL2 and Docker Desktop. */
export const PlatformSchema = z.enum(['linux', 'windows'])
export type Platform = z.infer<typeof PlatformSchema>

/** The CPU architecture of the machine: it decides which image platforms (linux/amd64, linux/arm64) can run. */
export const CpuArchSchema = z.enum(['x86_64', 'aarch64'])
export type CpuArch = z.infer<typeof CpuArchSchema>

/** -runtime (wheel only) or -devel (with the CUDA toolkit; NGC images count as devel). */
export const ImageVariantSchema = z.enum(['runtime', 'devel'])
export type ImageVariant = z.infer<typeof ImageVariantSchema>

/**
 * native: the driver runs the image's CUDA and the build has code for every GPU; ptx-jit: runs, but
 * a GPU has no native code and the driver JIT-compiles PTX (slow first start); minor-version: runs
 * with limits on an older driver; incompatible: does not run.
 */
export const CompatibilitySchema = z.enum(['native', 'ptx-jit', 'minor-version', 'incompatible'])
export type Compatibility = z.infer<typeof CompatibilitySchema>

/** A reason or blocker as data: its code in src/shared/i18n/recommend-reasons.ts and its values. */
export const ReasonCodeSchema = z.object({ code: z.string(), vars: MessageParamsSchema })
export type ReasonCodeData = z.infer<typeof ReasonCodeSchema>

/** One image, rated against the machine. */
export const RecommendationSchema = z.object({
  /** Full reference: pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime, nvcr.io/nvidia/pytorch:25.09-py3. */
  image: z.string(),
  /** The torch version inside; null where the sources do not say (some NGC releases). */
  pytorch: z.string().nullable(),
  cuda: z.string(),
  cudnn: z.string().nullable(),
  variant: ImageVariantSchema,
  compatibility: CompatibilitySchema,
  /** Plain-language reasons; a leading [S] or [U] marks one that rests on a secondary or unverified fact. */
  reasons: z.array(z.string()),
  /** The same reasons as codes and values, for front ends that translate them ('reasons' i18n namespace). */
  reasonCodes: z.array(ReasonCodeSchema).optional(),
  pull: z.string(),
  run: z.string(),
  /** The weakest mark among the facts the verdict rests on (tag, CUDA, architectures, driver). */
  confidence: MarkSchema,
  /** Platforms the tag is published for, from the tables (`--check` asks the registry). */
  platforms: z.array(z.string()).optional(),
})
export type Recommendation = z.infer<typeof RecommendationSchema>

/** One GPU of the input, with the compute capability used. */
export const RecommendGpuSchema = z.object({
  index: z.number().int(),
  name: z.string().nullable(),
  computeCapability: z.string().nullable(),
  /** Where the compute capability came from: nvidia-smi's compute_cap, the name table, or --cc. */
  source: z.enum(['nvidia-smi', 'name', 'cc']),
})

/** What the answer was computed for. */
export const RecommendInputEchoSchema = z.object({
  gpus: z.array(RecommendGpuSchema),
  driverVersion: z.string().nullable(),
  highestCuda: z.string().nullable(),
  highestCudaSource: z.enum(['nvidia-smi', 'driver-table', 'assumed', 'unknown']),
  platform: PlatformSchema,
  variant: ImageVariantSchema,
  torch: z.string().nullable(),
  ngc: z.boolean(),
  /** The machine's CPU architecture and where it came from: --arch, implied by a GPU (GB10, GH200, Jetson), this host, or assumed. */
  cpuArch: CpuArchSchema.optional(),
  cpuArchSource: z.enum(['flag', 'gpu', 'host', 'assumed']).optional(),
  /** The Jetson module family, when the GPU is a Jetson's integrated GPU. */
  jetson: z.string().nullable().optional(),
})
export type RecommendInputEcho = z.infer<typeof RecommendInputEchoSchema>

/** A PyTorch wheel for a Linux aarch64 machine (pip, no image). */
export const AarchWheelSchema = z.object({
  torch: z.string(),
  cudaTag: z.string(),
  cuda: z.string(),
  indexUrl: z.string(),
  /** TORCH_CUDA_ARCH_LIST of the aarch64 build. */
  archList: z.string(),
  install: z.string(),
  confidence: MarkSchema,
})
export type AarchWheel = z.infer<typeof AarchWheelSchema>

/** How current the tables are: the oldest date their sources were read, and what may have come out since. */
export const TablesAsOfSchema = z.object({
  asOf: z.string(),
  /** The newest entries they hold: anything newer may be missing. */
  newest: z.object({ torch: z.string(), cuda: z.string(), branch: z.number().int(), ngc: z.string() }),
  mayMiss: z.array(z.string()),
  /** The line in English ('tables.asOf' in the reasons namespace translates it from asOf and newest). */
  text: z.string(),
})
export type TablesAsOf = z.infer<typeof TablesAsOfSchema>

/** What the image's registry said about a recommended tag (`recommend --check`). */
export const TagCheckResultSchema = z.object({
  image: z.string(),
  status: z.enum(['found', 'missing', 'not-checked']),
  platforms: z.array(z.string()),
  /** Whether the tag is published for this machine's platform; null when not checked. */
  runsHere: z.boolean().nullable(),
  /** This machine's platform: linux/amd64 or linux/arm64. */
  platform: z.string(),
  /** Why a tag is missing or was not checked; null when found. */
  detail: z.string().nullable(),
})
export type TagCheckResult = z.infer<typeof TagCheckResultSchema>

/** Best first. When nothing can run: no recommendations and `blockers` saying why. */
export const RecommendResultSchema = z.object({
  input: RecommendInputEchoSchema,
  recommendations: z.array(RecommendationSchema),
  blockers: z.array(z.string()).optional(),
  blockerCodes: z.array(ReasonCodeSchema).optional(),
  /** On aarch64: the pip wheel that runs there, when the tables know one. */
  wheel: AarchWheelSchema.nullable().optional(),
  tables: TablesAsOfSchema.optional(),
  /** With --check: what the registries said about each recommended tag. */
  checks: z.array(TagCheckResultSchema).optional(),
  /**
   * For this machine, when its container engine answered and cannot start GPU containers (no nvidia
   * runtime, no CDI specs): the NVIDIA Container Toolkit install to run before any `docker run --gpus all`.
   */
  engineGpuSetup: z.object({ os: z.string(), commands: z.array(z.string()) }).optional(),
})
export type RecommendResult = z.infer<typeof RecommendResultSchema>

/** Pasted nvidia-smi output is capped at 1 MiB of text. */
export { MAX_SMI_TEXT }

/**
 * `recommend:get`: with no GPU facts, this machine; `smiText` answers for another machine; `gpus`,
 * `ccs` and `driver` override what nvidia-smi says (what-if).
 */
export const RecommendRequestSchema = z.strictObject({
  gpus: z.array(z.string().min(1).max(200)).max(64).optional(),
  ccs: z.array(z.string().regex(/^\d{1,2}\.\d$/, 'a compute capability such as 8.6')).max(64).optional(),
  driver: z.string().regex(/^\d{3}(?:\.\d{1,3}){0,2}$/, 'a driver version such as 570.124.06').optional(),
  platform: PlatformSchema.optional(),
  arch: CpuArchSchema.optional(),
  devel: z.boolean().optional(),
  torch: z.string().regex(/^\d+\.\d+$/, 'a PyTorch release such as 2.8').optional(),
  ngc: z.boolean().optional(),
  smiText: z.string().max(MAX_SMI_TEXT).optional(),
})
export type RecommendRequest = z.infer<typeof RecommendRequestSchema>

/** A request about this machine (no pasted table, no what-if): only then does this machine's engine matter. */
export function isThisMachine(req: RecommendRequest): boolean {
  return req.smiText === undefined && !req.gpus?.length && !req.ccs?.length && req.driver === undefined && req.platform === undefined && req.arch === undefined
}
