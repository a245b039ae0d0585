import { z } from 'zod'

const nullableString = z.string().nullable().optional()

const TimingSchema = z.object({
  ms: z.number(),
  tflops: z.number(),
  flops: z.number().optional(),
  /** Probe 1.1+: blocked timing, the spread between the 10th and 90th percentile block, % of the median. */
  blocks: z.number().optional(),
  spreadPercent: z.number().optional(),
  /** Probe 1.7+: the blocks' interquartile range, % of the median. */
  iqrPercent: z.number().optional(),
})
const ConvPairSchema = z.object({ shape: z.string(), on: TimingSchema, off: TimingSchema })

/** Probe 1.3+: what a failed `import torch` needs explaining (resources/probe/gpu_doctor_probe.py import_failure_context). */
const ImportFailureSchema = z.object({
  extSuffix: nullableString,
  libc: nullableString,
  torchFound: z.boolean().optional(),
  torchDir: nullableString,
  torchCExtensions: z.array(z.string()).optional(),
  torchDirReadable: z.boolean().optional(),
  missingLibrary: z.string().optional(),
  searched: z.array(z.string()).optional(),
  foundAt: z.array(z.string()).optional(),
  needsSymbol: z.string().optional(),
  mappedAtFailure: z.array(z.string()).nullable().optional(),
  contextError: z.string().optional(),
})
export type ImportFailure = z.infer<typeof ImportFailureSchema>

const DeviceExerciseSchema = z.object({
  ok: z.boolean(),
  calls: z.array(z.string()),
  failedCall: nullableString,
  error: nullableString,
})
export type DeviceExercise = z.infer<typeof DeviceExerciseSchema>

/** The probe's JSON document (resources/probe/gpu_doctor_probe.py, schemaVersion 1). */
/** How steps 4 and 5 loaded several GPUs (probe 1.4+): at once, or one after another because the allocator setting crashes threads. */
/** One NCCL config file the probe found: its NAME=VALUE lines, or why it could not be read. */
export const NcclConfFile = z.object({ path: z.string(), settings: z.record(z.string(), z.string()), error: z.string().optional() })

/** How step 6 timed its per-pair copies (probe 1.9+). */
export const CopyModeSchema = z.object({
  mode: z.enum(['sequential', 'concurrent']),
  rounds: z.number(),
  pairsPerRound: z.number().optional(),
  measuredAlone: z.number().optional(),
})

export const MeasuredSchema = z.object({ mode: z.enum(['concurrent', 'sequential']), reason: z.string().nullable(), setting: z.string().nullable() })

/** A copy's rate, GB/s (10^9 bytes per second): the median of the timed copies, and the slowest and fastest. */
const CopyRateSchema = z.object({ GBps: z.number(), minGBps: z.number(), maxGBps: z.number() })

export const ProbeReportSchema = z.object({
  schemaVersion: z.literal(1),
  probeVersion: z.string(),
  fatal: z.string().optional(),
  errors: z.array(z.object({ stage: z.string(), message: z.string(), trace: z.string().optional() })),
  warnings: z.array(z.string()).default([]),
  python: z
    .object({
      version: z.string(),
      executable: z.string(),
      prefix: z.string(),
      platform: z.string(),
      machine: z.string(),
      virtualEnv: nullableString,
      condaPrefix: nullableString,
      /** Probe 1.2+: PEP 668 — an EXTERNALLY-MANAGED marker in the stdlib folder, outside a venv: pip refuses to install here. */
      externallyManaged: z.boolean().nullable().optional(),
      /** Probe 1.2+: sys.prefix differs from sys.base_prefix (a venv or virtualenv). */
      inVenv: z.boolean().optional(),
      /** Probe 1.2+: sys.prefix is a conda environment (it has conda-meta/). */
      inConda: z.boolean().optional(),
    })
    .optional(),
  env: z.record(z.string(), z.string().nullable()).default({}),
  /** Probe 1.3+: the set variables of resources/data/cuda-environment.json, values capped at 512 characters. */
  environment: z.record(z.string(), z.string()).optional(),
  torch: z
    .object({
      importable: z.boolean(),
      error: nullableString,
      importS: z.number().optional(),
      version: z.string().optional(),
      file: z.string().optional(),
      cudaBuild: nullableString,
      hipBuild: nullableString,
      gitVersion: nullableString,
      debug: z.boolean().optional(),
      /** Probe 1.3+: the whole message of a failed import (every line, capped), and the exception's type. */
      errorText: nullableString,
      errorType: nullableString,
      /** Probe 1.3+: what a failed import needs explaining. */
      failure: ImportFailureSchema.optional(),
    })
    .optional(),
  cuda: z
    .object({
      available: z.boolean(),
      deviceCount: z.number(),
      archList: z.array(z.string()),
      devices: z.array(
        z.object({
          index: z.number(),
          name: z.string(),
          cc: z.string(),
          totalMemory: z.number(),
          smCount: z.number(),
          uuid: nullableString,
          /** Probe 1.1+: torch.cuda.mem_get_info once the context exists. */
          freeMemory: z.number().optional(),
          /** Probe 1.3+: each CUDA call made on this device, and the first that raised with its error verbatim. */
          exercise: DeviceExerciseSchema.optional(),
        }),
      ),
      initError: nullableString,
      driverApiVersion: z.number().nullable().optional(),
    })
    .optional(),
  cudnn: z
    .object({
      available: z.boolean(),
      enabled: z.boolean(),
      version: z.number().nullable(),
      benchmark: z.boolean(),
      deterministic: z.boolean(),
      allowTf32: z.boolean(),
      matmulAllowTf32: z.boolean(),
      error: nullableString,
      nccl: nullableString,
    })
    .optional(),
  cudnnCopies: z.array(z.object({ path: z.string(), realPath: z.string() })).default([]),
  libraries: z
    .object({
      torchLibDir: z.string(),
      inspected: z.array(z.string()),
      ldd: z.array(z.object({ file: z.string(), exitCode: z.number().nullable(), output: z.string(), stderr: z.string() })),
      /** Probe 1.1+: wheel libraries that ldd resolves to another copy, with both real files. */
      outsideWheel: z
        .array(
          z.object({
            name: z.string(),
            path: z.string(),
            realPath: z.string(),
            wheelPath: z.string(),
            wheelRealPath: z.string(),
            neededBy: z.string(),
            undefinedSymbols: z.array(z.string()).default([]),
          }),
        )
        .default([]),
    })
    .optional(),
  /** Probe 1.9+: chosen GPUs the workloads left out because step 1's exercise failed on them (CUDA ordinals). */
  unmeasured: z.array(z.object({ index: z.number(), failedCall: nullableString.optional(), error: nullableString.optional() })).optional(),
  workloads: z
    .object({
      conv: z
        .union([
          z.object({
            seed: ConvPairSchema,
            representative: ConvPairSchema,
            cudnnRequested: z.boolean(),
            secondsPerCase: z.number().optional(),
            measured: MeasuredSchema.optional(),
            /** Every GPU the conv ran on at once (CUDA ordinal and UUID); absent before multi-GPU probes. */
            perGpu: z
              .array(
                z.object({
                  index: z.number(),
                  uuid: nullableString,
                  seed: ConvPairSchema.optional(),
                  representative: ConvPairSchema.optional(),
                  error: z.string().optional(),
                }),
              )
              .optional(),
          }),
          z.object({ skipped: z.string() }),
          z.object({ error: z.string() }),
        ])
        .optional(),
      sustained: z
        .union([
          z.object({
            startedAt: z.number(),
            endedAt: z.number(),
            seconds: z.number(),
            kernel: z.string(),
            measured: MeasuredSchema.optional(),
            /** index: the CUDA ordinal in the probe's process (not nvidia-smi's index); uuid names the physical GPU. */
            perGpu: z.array(
              z.object({
                index: z.number(),
                uuid: nullableString,
                iters: z.number().optional(),
                tflops: z.number().optional(),
                medianTflops: z.number().optional(),
                spreadPercent: z.number().optional(),
                /** Probe 1.7+: TFLOP/s of the load's first and second half by wall time, and their gap as % of the whole. */
                firstHalfTflops: z.number().optional(),
                secondHalfTflops: z.number().optional(),
                halvesPercent: z.number().optional(),
                /** This GPU's own load window, ms since the epoch (probe 1.4+): differs per GPU when they were loaded one after another. */
                startedAt: z.number().optional(),
                endedAt: z.number().optional(),
                error: z.string().optional(),
              }),
            ),
          }),
          z.object({ skipped: z.string() }),
          z.object({ error: z.string() }),
        ])
        .optional(),
      /** Step 4 (probe 1.9+): device memory bandwidth and host copies, per GPU, one GPU after another. */
      memory: z
        .union([
          z.object({
            deviceCopyBytes: z.number(),
            hostCopyBytes: z.number(),
            reps: z.number(),
            perGpu: z.array(
              z.object({
                index: z.number(),
                uuid: nullableString.optional(),
                /** bytes: the size copied (1 GiB, less on a GPU with under 4 GiB free). */
                deviceCopy: CopyRateSchema.extend({ bytes: z.number().optional() }).optional(),
                h2dPinned: CopyRateSchema.optional(),
                d2hPinned: CopyRateSchema.optional(),
                h2dPageable: CopyRateSchema.optional(),
                d2hPageable: CopyRateSchema.optional(),
                pcie: z
                  .object({ address: z.string(), genCurrent: z.number().nullable(), genMax: z.number().nullable(), widthCurrent: z.number().nullable(), widthMax: z.number().nullable() })
                  .nullable()
                  .optional(),
                seconds: z.number().optional(),
                error: z.string().optional(),
              }),
            ),
          }),
          z.object({ skipped: z.string() }),
          z.object({ error: z.string() }),
        ])
        .optional(),
      /** Step 6 (probe 1.3+): peer access, P2P copies and an NCCL all-reduce across the chosen GPUs. */
      links: z
        .union([
          z.object({
            ordinals: z.array(z.number()),
            uuids: z.array(z.string().nullable()),
            peerAccess: z.array(z.array(z.boolean())),
            copies: z.array(z.object({ from: z.number(), to: z.number(), GBps: z.number() })),
            copyBytes: z.number(),
            /** Probe 1.9+: one pair at a time, or (4+ GPUs) rounds of disjoint pairs at once, pairs well below the others measured again alone. */
            copyMode: CopyModeSchema.optional(),
            nccl: z
              .object({
                deadlineS: z.number(),
                timedOut: z.boolean(),
                env: z.record(z.string(), z.string().nullable()),
                // Probe 1.8+: NCCL's config files ($NCCL_CONF_FILE or ~/.nccl.conf, then /etc/nccl.conf) that exist.
                confFiles: z.array(NcclConfFile).optional(),
                result: z
                  .object({
                    rank: z.number(),
                    bytes: z.number(),
                    // How many all-reduces were timed (probe 1.6+: at least 10, more until about 50 ms).
                    iterations: z.number().optional(),
                    ms: z.number(),
                    algbwGBps: z.number(),
                    busbwGBps: z.number(),
                    // Rank 0's seconds. Probe 1.6+: its CUDA context and buffer and NCCL's communicator before the go
                    // (probeWaitedS: how long the probe then waited for them), the first all-reduces, the timed ones.
                    phasesS: z.object({ contextS: z.number(), communicatorS: z.number(), connectS: z.number().optional(), measureS: z.number(), probeWaitedS: z.number().optional() }).optional(),
                  })
                  .nullable(),
                errors: z.array(z.string()),
                debugLines: z.array(z.string()),
              })
              .nullable(),
            platform: z.object({
              hypervisor: z.boolean().nullable(),
              dmiProduct: z.string().nullable(),
              iommuGroups: z.number().nullable(),
              kernelCmdline: z.string().nullable(),
              cpus: z.array(z.number()).nullable(),
            }),
          }),
          z.object({ skipped: z.string(), earlierError: z.object({ workload: z.string(), error: z.string() }).optional() }),
          z.object({ error: z.string() }),
        ])
        .optional(),
      'cudnn-maps': z
        .union([z.object({ mapped: z.array(z.string()).nullable() }), z.object({ skipped: z.string() }), z.object({ error: z.string() })])
        .optional(),
    })
    .optional(),
  mappedLibraries: z.array(z.string()).nullable().optional(),
  /** Probe 1.1+: each mapped path's real file (libcuda.so.1 → libcuda.so.580.95.05 names the driver). */
  mappedLibrariesReal: z.record(z.string(), z.string()).optional(),
  libcudaOnLdLibraryPath: z.array(z.object({ dir: z.string(), realPath: z.string() })).optional(),
  elapsedS: z.number().optional(),
})
export type ProbeReport = z.infer<typeof ProbeReportSchema>
