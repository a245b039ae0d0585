import { z } from 'zod'

import { MAX_SHM_SIZE_BYTES } from './constants'
import { MessageSchema } from './message'

/**
 * A Docker failure explained: a stable code, the failure-mode id of failure-modes.md section B
 * where one fits, what happened, what to do, and the raw text it came from.
 */
export const DockerProblemSchema = z.object({
  code: z.enum([
    'engine-not-running',
    'permission-denied',
    'connection-refused',
    'api-too-old',
    'timeout',
    'invalid-reference',
    'image-not-found',
    'manifest-unknown',
    'auth-failed',
    'registry-unreachable',
    'no-space',
    'gpu-support-missing',
    'nvidia-runtime-not-registered',
    'image-requires-newer-driver',
    'container-cli-cannot-load-nvml',
    'cdi-device-unresolvable',
    'cancelled',
    'incomplete',
    'failed',
  ]),
  failureModeId: z.string().nullable(),
  message: z.string(),
  fix: z.string(),
  detail: z.string(),
})
export type DockerProblem = z.infer<typeof DockerProblemSchema>
export type DockerProblemCode = DockerProblem['code']

/** What the engine says about itself: runtimes decide whether `--gpus` can work at all. */
export const EngineInfoSchema = z.object({
  endpoint: z.string(),
  /** Which engine answered, from its version endpoint (Podman names itself in Components). */
  engine: z.enum(['docker', 'podman']),
  /** Why this endpoint (a docker-notes key engine.choice.*): DOCKER_HOST, or the first socket that exists. */
  endpointReason: MessageSchema.nullable(),
  serverVersion: z.string().nullable(),
  apiVersion: z.string().nullable(),
  os: z.string().nullable(),
  runtimes: z.array(z.string()),
  defaultRuntime: z.string().nullable(),
  nvidiaRuntime: z.boolean(),
  cdiSpecDirs: z.array(z.string()),
  cgroupVersion: z.string().nullable(),
  cgroupDriver: z.string().nullable(),
  rootless: z.boolean(),
  /** What makes `--gpus` work on this engine (the NVIDIA Container Toolkit for this OS); null when it has a GPU path. */
  gpuSetup: z.object({ os: z.string(), commands: z.array(z.string()) }).nullable(),
})
export type EngineInfo = z.infer<typeof EngineInfoSchema>

export const EngineStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unknown'), endpoint: z.string() }),
  z.object({ kind: z.literal('up'), info: EngineInfoSchema, checkedAt: z.number() }),
  z.object({
    kind: z.literal('down'),
    endpoint: z.string(),
    problem: DockerProblemSchema,
    attempt: z.number().int(),
    retryInMs: z.number(),
    checkedAt: z.number(),
  }),
])
export type EngineState = z.infer<typeof EngineStateSchema>

const VersionSchema = z.object({ value: z.string(), source: z.string() }).nullable()

/** Whether the host driver satisfies an image's NVIDIA_REQUIRE_CUDA, judged before running it. */
export const DriverFitSchema = z.object({
  verdict: z.enum(['ok', 'too-old', 'brand-dependent', 'no-requirement', 'cpu-only', 'unknown']),
  requirement: z.string().nullable(),
  /** The English of `message`, for the CLI. */
  reason: z.string(),
  message: MessageSchema,
})
export type DriverFit = z.infer<typeof DriverFitSchema>

export const ImageVersionsSchema = z.object({
  torch: VersionSchema,
  cuda: VersionSchema,
  cudnn: VersionSchema,
  nvidiaPytorch: VersionSchema,
  requireCuda: z.string().nullable(),
})
export type ImageVersions = z.infer<typeof ImageVersionsSchema>

export const LocalImageSchema = z.object({
  id: z.string(),
  tags: z.array(z.string()),
  sizeBytes: z.number(),
  createdAt: z.string().nullable(),
  versions: ImageVersionsSchema,
  driverFit: DriverFitSchema,
})
export type LocalImage = z.infer<typeof LocalImageSchema>

export const PullLayerSchema = z.object({
  id: z.string(),
  status: z.string(),
  current: z.number(),
  total: z.number().nullable(),
  done: z.boolean(),
})

/** A pull's progress, aggregated from the engine's JSON lines (bytes are an estimate until every layer started). */
export const PullProgressSchema = z.object({
  pullId: z.string(),
  ref: z.string(),
  status: z.string(),
  layers: z.array(PullLayerSchema),
  layersDone: z.number().int(),
  bytesDone: z.number(),
  bytesTotal: z.number(),
  percent: z.number().nullable(),
})
export type PullProgress = z.infer<typeof PullProgressSchema>

export const PullDoneSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('done'), pullId: z.string(), ref: z.string(), digest: z.string().nullable(), bytesTotal: z.number() }),
  z.object({ kind: z.literal('failed'), pullId: z.string(), ref: z.string(), problem: DockerProblemSchema }),
])
export type PullDone = z.infer<typeof PullDoneSchema>

const CompareSideSchema = z.object({
  target: z.string(),
  ok: z.boolean(),
  reason: z.string().nullable(),
  python: z.string().nullable(),
  torch: z.string().nullable(),
  torchCuda: z.string().nullable(),
  cudnn: z.string().nullable(),
  cudaAvailable: z.boolean(),
  gpu: z.string().nullable(),
})

export const CompareResultSchema = z.object({
  a: CompareSideSchema,
  b: CompareSideSchema,
  /** Conv2d timings, ms; ratio = b / a (above 1: B is slower). */
  timings: z.array(
    z.object({ name: z.string(), aMs: z.number().nullable(), bMs: z.number().nullable(), ratio: z.number().nullable() }),
  ),
  notes: z.array(z.string()),
  /** `notes` as keys and params, for the reader's language. */
  noteMessages: z.array(MessageSchema),
})
export type CompareResult = z.infer<typeof CompareResultSchema>

/** Options of a diagnosis inside a container. */
export const ContainerTargetSchema = z.object({
  image: z.string().min(1).max(512),
  /** 'all', 'none', or device indexes / UUIDs. */
  gpus: z.union([z.literal('all'), z.literal('none'), z.array(z.string().max(64)).min(1).max(64)]).optional(),
  shmSizeBytes: z.number().int().positive().max(MAX_SHM_SIZE_BYTES).optional(),
})
export type ContainerTarget = z.infer<typeof ContainerTargetSchema>
