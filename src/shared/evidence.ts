import { z } from 'zod'

import { CUDNN_FLAGS } from './constants'

// What each step shows as evidence, one schema a step. The steps (src/core/domain/diagnosis/steps/*)
// return it typed; the wizard and the reports read it typed. A skipped step, or one that ended
// early, fills only some fields, so every field is optional; diagnoses saved by older versions
// (which had fewer fields) still parse.

const text = z.string()
const maybeText = z.string().nullable()
const maybeNumber = z.number().nullable()

/** A workload that failed (step 4 or 5): the error, and who held the GPU's memory when it ran out. */
const WorkloadFailure = { error: text.optional(), holders: text.optional() }
export type WorkloadFailureEvidence = { error?: string; holders?: string }

/** Another process on a GPU the diagnosis used, with its container when the engine knows it. */
export const OtherProcessSchema = z.object({ pid: maybeNumber, name: text, gpuIndex: maybeNumber, container: maybeText, usedMemoryMiB: maybeNumber })
export type OtherProcess = z.infer<typeof OtherProcessSchema>

export const HostGpuRefSchema = z.object({ index: z.number(), name: text, computeCapability: maybeText })

export const TorchDeviceSchema = z.object({
  index: z.number(),
  name: text,
  cc: text,
  totalMemory: z.number(),
  smCount: z.number(),
  uuid: maybeText.optional(),
  freeMemory: maybeNumber.optional(),
  /** Each CUDA call step 1 made on this device, and the first that raised with its error verbatim. */
  exercise: z.object({ ok: z.boolean(), calls: z.array(text), failedCall: maybeText.optional(), error: maybeText.optional() }).optional(),
})

/** A set environment variable that changes what CUDA, cuDNN, NCCL or PyTorch do (resources/data/cuda-environment.json). */
export const EnvironmentRowSchema = z.object({
  name: text,
  value: text,
  class: z.enum(['slowdown', 'debugging-mode', 'changed-device-set', 'changed-allocator', 'informational']),
  effect: text,
  source: maybeText,
  active: z.boolean(),
})
export type EnvironmentRowEvidence = z.infer<typeof EnvironmentRowSchema>

export const ArchCoverageSchema = z.object({
  gpuArch: text,
  covered: z.boolean(),
  via: z.enum(['sass', 'sass-compatible', 'ptx']).nullable(),
  /** The arch list entry that serves this GPU, e.g. "sm_80" for an sm_86 GPU. */
  entry: maybeText,
})

export const GpuVisibleEvidenceSchema = z.object({
  python: text.optional(),
  torchVersion: maybeText.optional(),
  torchCuda: maybeText.optional(),
  cudaAvailable: z.boolean().optional(),
  torchDevices: z.array(TorchDeviceSchema).optional(),
  archList: z.array(text).optional(),
  /** Unset (null) and empty ('') mean different things to CUDA. */
  cudaVisibleDevices: maybeText.optional(),
  hostGpus: z.array(HostGpuRefSchema).optional(),
  driverVersion: maybeText.optional(),
  driverCuda: maybeText.optional(),
  archCoverage: z.array(ArchCoverageSchema).optional(),
  warnings: z.array(text).optional(),
  initError: maybeText.optional(),
  /** The toolkit's stub libcuda, when that is what the process mapped. */
  libcuda: z.object({ path: text, realPath: text, ldLibraryPathEntries: z.array(text) }).nullable().optional(),
  memory: z
    .array(z.object({ gpu: z.number(), totalMiB: maybeNumber, heldByOthersMiB: maybeNumber, freeMiB: maybeNumber, holders: text }))
    .optional(),
  /** The environment variables of the checked interpreter that change what CUDA, cuDNN, NCCL or PyTorch do. */
  environment: z.array(EnvironmentRowSchema).optional(),
  /** A failed `import torch`: its whole message, and where torch is and was built for. */
  importError: maybeText.optional(),
  importFailure: z
    .object({
      torchFound: z.boolean().optional(),
      torchDir: maybeText.optional(),
      torchCExtensions: z.array(text).optional(),
      extSuffix: maybeText.optional(),
      libc: maybeText.optional(),
      missingLibrary: text.optional(),
      searched: z.array(text).optional(),
      foundAt: z.array(text).optional(),
    })
    .optional(),
})

export { CUDNN_FLAGS }
export type CudnnFlag = (typeof CUDNN_FLAGS)[number]
const FlagSchema = z.object({ value: z.boolean(), note: text })

export const CudnnEvidenceSchema = z.object({
  torchVersion: maybeText.optional(),
  available: z.boolean().optional(),
  enabled: z.boolean().optional(),
  /** "9.19.0", from torch.backends.cudnn.version(). */
  version: maybeText.optional(),
  versionRaw: maybeNumber.optional(),
  expectedMajor: maybeNumber.optional(),
  flags: z.object({ benchmark: FlagSchema, deterministic: FlagSchema, allowTf32: FlagSchema, matmulAllowTf32: FlagSchema }).partial().optional(),
  nccl: maybeText.optional(),
  /** The cuDNN files the process mapped; step 3's mappedCudnn is the same list. */
  mappedFiles: z.array(text).optional(),
})

export const LinkedLibrarySchema = z.object({
  name: text,
  /** Null: ldd found it nowhere. */
  path: maybeText,
  origin: maybeText,
  why: maybeText,
  /** The torch files that need it, comma-separated. */
  neededBy: text,
})

export const OutsideWheelSchema = z.object({
  name: text,
  path: text,
  realPath: text,
  wheelPath: text,
  wheelRealPath: text,
  neededBy: text,
  undefinedSymbols: z.array(text),
  version: maybeText,
  wheelVersion: maybeText,
  differs: z.boolean(),
  mappedNow: z.array(text),
})

export const LinkageEvidenceSchema = z.object({
  torchVersion: maybeText.optional(),
  libraries: z.array(LinkedLibrarySchema).optional(),
  resolvedOutsideWheel: z.array(OutsideWheelSchema).optional(),
  mappedAfterCudnnOp: z.array(text).optional(),
  mappedCudnn: z.array(text).optional(),
  /** Every CUDA library the process mapped, with how it got there (LD_PRELOAD, LD_LIBRARY_PATH, the wheel's RUNPATH, the system cache, forward-compat). */
  mappedOrigins: z.array(z.object({ path: text, realPath: text, origin: text, why: text })).optional(),
  otherCudnnCopies: z.array(z.object({ path: text, realPath: text })).optional(),
  ldLibraryPath: z.array(text).optional(),
  inspected: z.array(text).optional(),
})

/** One comparison with what this GPU model should do (resources/data/gpu-expected-performance.json). */
export const ExpectedCheckSchema = z.object({
  /** nvidia-smi's index of the GPU. */
  index: z.number(),
  /** "matmul", "conv seed", "conv representative". */
  what: text,
  model: maybeText,
  /** measured: the probe on our machine of this model; datasheet: a share of NVIDIA's dense peak; unknown: no figure for this model. */
  basis: z.enum(['measured', 'datasheet', 'unknown']),
  measured: maybeNumber,
  expected: maybeNumber,
  slowerPercent: maybeNumber,
  thresholdPercent: maybeNumber,
  source: maybeText,
})
export type ExpectedCheck = z.infer<typeof ExpectedCheckSchema>

export const SmGpuSchema = z.object({
  /** nvidia-smi's index when the GPU was matched (by UUID), else the CUDA ordinal. */
  index: z.number(),
  /** The ordinal in the probed process (torch's cuda:N), which CUDA_VISIBLE_DEVICES renumbers. */
  cudaOrdinal: z.number().optional(),
  uuid: maybeText.optional(),
  mappedBy: z.enum(['uuid', 'visible-devices']).nullable().optional(),
  spreadPercent: maybeNumber.optional(),
  /** The load's first and second half (TFLOP/s) and their gap, % of the whole (probe 1.7+): how steady the figure is. */
  halvesTflops: z.tuple([z.number(), z.number()]).nullable().optional(),
  steadinessPercent: maybeNumber.optional(),
  error: maybeText.optional(),
  smClockMaxMHz: maybeNumber.optional(),
  temperatureMaxC: maybeNumber.optional(),
  name: maybeText,
  contended: z.boolean().optional(),
  idleMean: maybeNumber,
  loadMean: maybeNumber,
  loadPeak: maybeNumber,
  tflops: z.number(),
  percentOfPeak: maybeNumber,
  peakTflops: maybeNumber,
  peakSource: maybeText,
  powerMeanW: maybeNumber,
  powerLimitW: maybeNumber,
  smClockMeanMHz: maybeNumber,
  clocksEventReasons: maybeText.optional(),
  throttles: z.array(text),
})

export const TimelinePointSchema = z.object({ time: z.number(), gpus: z.array(z.object({ index: z.number(), sm: maybeNumber })) })

/** Steps 4 and 5: whether the GPUs were loaded at once or one after another, and why. */
const MeasuredEvidence = z.object({ mode: z.enum(['concurrent', 'sequential']), reason: maybeText, setting: maybeText })

/** Step 4's memory and host-copy figures of one GPU (probe 1.9+), GB/s, beside what this GPU and its link should do. */
export const MemoryGpuSchema = z.object({
  index: z.number(),
  name: maybeText,
  deviceCopyGBps: z.number().nullable(),
  datasheetGBps: z.number().nullable(),
  h2dPinnedGBps: z.number().nullable(),
  d2hPinnedGBps: z.number().nullable(),
  h2dPageableGBps: z.number().nullable(),
  d2hPageableGBps: z.number().nullable(),
  /** The PCIe link as read right after the copies and at its maximum, e.g. "Gen5 ×16 (max Gen5 ×16)". */
  link: maybeText,
  linkGBps: z.number().nullable(),
  error: maybeText.optional(),
})
export type MemoryGpu = z.infer<typeof MemoryGpuSchema>

export const SmEvidenceSchema = z.object({
  kernel: text.optional(),
  seconds: z.number().optional(),
  loadStartedAt: z.number().optional(),
  loadEndedAt: z.number().optional(),
  perGpu: z.array(SmGpuSchema).optional(),
  /** nvidia-smi indices of the loaded GPUs nobody else was using, and of those another process kept busy. */
  freeGpus: z.array(z.number()).optional(),
  busyGpus: z.array(z.number()).optional(),
  /** The environment that runs a job on the free GPUs, when some were busy. */
  runOnFree: maybeText.optional(),
  expected: z.array(ExpectedCheckSchema).optional(),
  otherProcesses: z.array(OtherProcessSchema).optional(),
  timeline: z.array(TimelinePointSchema).optional(),
  meaning: text.optional(),
  measured: MeasuredEvidence.optional(),
  memory: z.array(MemoryGpuSchema).optional(),
  memoryMeaning: text.optional(),
  ...WorkloadFailure,
})

export const ConvCaseSchema = z.object({
  label: text,
  shape: text,
  onMs: z.number(),
  offMs: z.number(),
  onTflops: z.number(),
  offTflops: z.number(),
  ratio: z.number(),
  spreadOnPercent: maybeNumber.optional(),
  spreadOffPercent: maybeNumber.optional(),
  /** The cuDNN-on blocks' interquartile range, % of the median (probe 1.7+): how sure onMs is. */
  iqrOnPercent: maybeNumber.optional(),
  percentOfPeakOn: maybeNumber,
})

export const ConvEvidenceSchema = z.object({
  representative: z.boolean().optional(),
  gpu: text.optional(),
  peak: z.object({ label: text, fp16TensorDense: z.number(), fp32: z.number(), source: text }).nullable().optional(),
  cases: z.array(ConvCaseSchema).optional(),
  /** Every GPU the cases ran on at once; `cases` repeats the first. */
  perGpu: z
    .array(
      z.object({
        index: z.number(),
        cudaOrdinal: z.number(),
        uuid: maybeText,
        name: maybeText,
        contended: z.boolean(),
        cases: z.array(ConvCaseSchema),
        error: maybeText,
      }),
    )
    .optional(),
  expected: z.array(ExpectedCheckSchema).optional(),
  method: text.optional(),
  measured: MeasuredEvidence.optional(),
  ...WorkloadFailure,
})

/** Step 6: the links between GPUs. GPU numbers are nvidia-smi's. */
export const LinksEvidenceSchema = z.object({
  gpus: z
    .array(
      z.object({
        index: z.number(),
        cudaOrdinal: z.number(),
        name: maybeText,
        nvlinkActive: maybeNumber,
        nvlinkInactive: maybeNumber,
        pcie: maybeText,
        numa: maybeText,
        cpuAffinity: maybeText,
        /** Its fastest link to another GPU, per direction (the expected NCCL bus bandwidth is the slowest GPU's). */
        linkGBps: maybeNumber,
        /** Another process used it while the links were measured (absent in runs saved before it was recorded). */
        contended: z.boolean().optional(),
      }),
    )
    .optional(),
  pairs: z
    .array(
      z.object({
        from: z.number(),
        to: z.number(),
        /** topo -m's cell: NV18, PIX, PXB, PHB, NODE, SYS. */
        link: maybeText,
        peerAccess: z.boolean(),
        copyGBps: maybeNumber,
        expectedGBps: maybeNumber,
      }),
    )
    .optional(),
  nccl: z
    .object({
      busbwGBps: maybeNumber,
      algbwGBps: maybeNumber,
      bytes: maybeNumber,
      expectedGBps: maybeNumber,
      transports: z.array(text),
      timedOut: z.boolean(),
      deadlineS: z.number(),
      errors: z.array(text),
      debugLines: z.array(text),
      env: z.record(z.string(), z.string().nullable()),
      /** NCCL's config files that exist, with their settings (probe 1.8+). */
      confFiles: z.array(z.object({ path: text, settings: z.record(z.string(), text), error: text.optional() })).optional(),
      /** All-reduces in the timed loop (probe 1.6+). */
      iterations: z.number().optional(),
      phasesS: z.object({ contextS: z.number(), communicatorS: z.number(), connectS: z.number().optional(), measureS: z.number(), probeWaitedS: z.number().optional() }).optional(),
    })
    .nullable()
    .optional(),
  /** How the per-pair copies were timed: one pair at a time, or rounds of disjoint pairs at once (probe 1.9+). */
  copyMode: z.object({ mode: z.enum(['sequential', 'concurrent']), rounds: z.number(), pairsPerRound: z.number().optional(), measuredAlone: z.number().optional() }).optional(),
  topology: maybeText.optional(),
  problems: z.array(text).optional(),
  platform: z.object({ hypervisor: z.boolean().nullable(), dmiProduct: maybeText, iommuGroups: maybeNumber, kernelCmdline: maybeText, processCpus: maybeText }).optional(),
  meaning: text.optional(),
  ...WorkloadFailure,
})
export type LinksEvidence = z.infer<typeof LinksEvidenceSchema>

export type GpuVisibleEvidence = z.infer<typeof GpuVisibleEvidenceSchema>
export type CudnnEvidence = z.infer<typeof CudnnEvidenceSchema>
export type LinkageEvidence = z.infer<typeof LinkageEvidenceSchema>
export type LinkedLibrary = z.infer<typeof LinkedLibrarySchema>
export type SmEvidence = z.infer<typeof SmEvidenceSchema>
export type SmGpu = z.infer<typeof SmGpuSchema>
export type TimelinePoint = z.infer<typeof TimelinePointSchema>
export type ConvEvidence = z.infer<typeof ConvEvidenceSchema>
export type ConvCase = z.infer<typeof ConvCaseSchema>
export type ConvGpu = NonNullable<ConvEvidence['perGpu']>[number]
export type ArchCoverage = z.infer<typeof ArchCoverageSchema>

/** The facts of the run as a whole: versions, driver, GPUs, where the probe ran. */
export const EnvironmentSchema = z.object({
  gpuDoctorVersion: text.optional(),
  python: text.optional(),
  pythonVersion: maybeText.optional(),
  torch: maybeText.optional(),
  torchCuda: maybeText.optional(),
  cudnn: maybeText.optional(),
  nccl: maybeText.optional(),
  driverVersion: maybeText.optional(),
  driverCuda: maybeText.optional(),
  gpus: z.array(z.object({ index: z.number(), name: text, computeCapability: maybeText, uuid: maybeText.optional() })).optional(),
  hostProblem: maybeText.optional(),
  cudaVisibleDevices: maybeText.optional(),
  ldLibraryPath: maybeText.optional(),
  platform: text.optional(),
  disableCudnn: z.boolean().optional(),
  probeSeconds: z.number().optional(),
  probeErrors: z.array(text).optional(),
  /** 'host', or the container the probe ran in. */
  probeWhere: text.optional(),
  /** The probed Python's sys.platform (linux, win32, darwin); `platform` is GPU Doctor's own. */
  pythonPlatform: maybeText.optional(),
  /** PEP 668: pip refuses to install into the probed Python (Debian's, Ubuntu's system python3); null: not known. */
  externallyManaged: z.boolean().nullable().optional(),
  /** The probed Python runs in a venv / a conda environment. */
  inVenv: z.boolean().nullable().optional(),
  inConda: z.boolean().nullable().optional(),
})
export type Environment = z.infer<typeof EnvironmentSchema>
