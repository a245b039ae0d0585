import { z } from 'zod'

// Schemas of resources/data/*.json: the compatibility tables behind `gpu-doctor recommend`.
// Every table and row keeps the confidence mark of shared/reference/compat-matrix.md:
// P = primary source, S = secondary (observed, consistent with primary data), U = unverified.
// Objects are strict: an unknown key in the data is a typo, not an extension.

/** Confidence of a fact: P primary, S secondary, U unverified. */
export const MarkSchema = z.enum(['P', 'S', 'U'])
export type Mark = z.infer<typeof MarkSchema>

const DRIVER = /^\d{3}(?:\.\d{1,3}){0,2}$/
const CUDA = /^\d{1,2}\.\d(?:\.\d{1,3})?$/
const CC = /^\d{1,2}\.\d$/
const TORCH = /^\d+\.\d+$/
const TORCH_FULL = /^\d+\.\d+\.\d+$/
const CUDNN = /^\d+\.\d+(?:\.\d+){0,2}$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Version strings as the tables write them. */
export const DriverVersionSchema = z.string().regex(DRIVER, 'a driver version such as 570.124.06')
export const CudaVersionSchema = z.string().regex(CUDA, 'a CUDA version such as 12.8 or 12.8.1')
export const ComputeCapabilitySchema = z.string().regex(CC, 'a compute capability such as 8.6')

/** A source a table cites; rows refer to it by id. */
export const SourceSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/),
  title: z.string().min(1),
  /** Absent for sources that are files of this repository (measured captures). */
  url: z.url().optional(),
})
export type Source = z.infer<typeof SourceSchema>

const rowSources = z.array(z.string()).optional()

/** An OCI platform an image is published for, as a manifest list names it. */
export const ImagePlatformSchema = z.enum(['linux/amd64', 'linux/arm64'])
export type ImagePlatform = z.infer<typeof ImagePlatformSchema>

/** Jetson module families (integrated GPUs). TX2 and Nano have no image this tool recommends. */
export const TegraDeviceSchema = z.enum(['thor', 'orin', 'xavier', 'tx2', 'nano'])
export type TegraDevice = z.infer<typeof TegraDeviceSchema>

const tableHeader = {
  schemaVersion: z.literal(1),
  /** Bumped whenever a value changes: "2026-11-21.1". */
  dataVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}\.\d+$/),
  /** When the sources were read. */
  readOn: z.string().regex(DATE),
  title: z.string(),
  sources: z.array(SourceSchema).min(1),
}

// ---- pytorch-releases.json ----------------------------------------------------------------------

/** One wheel variant of a release (compat-matrix §1 row + §2 arch list). */
export const TorchVariantSchema = z.strictObject({
  /** Wheel index name: cu118, cu126, … */
  variant: z.string().regex(/^cu\d{3}$/),
  /** Full CUDA version the Linux x86_64 wheel was built with, or major.minor where the patch is not known. */
  cuda: CudaVersionSchema,
  cudnn: z.string().regex(CUDNN).nullable(),
  nccl: z.string().regex(CUDNN).nullable(),
  /** What plain `pip install torch` gives on Linux x86_64. */
  pypiDefault: z.boolean(),
  linuxOnly: z.boolean(),
  confidence: MarkSchema,
  /** Field marks that differ from the row's mark; a field without one has the row's mark. */
  fieldConfidence: z.strictObject({ cuda: MarkSchema, cudnn: MarkSchema, nccl: MarkSchema }).partial().optional(),
  /** TORCH_CUDA_ARCH_LIST of the Linux x86_64 build ("5.0;6.0;…;9.0", "…;12.0+PTX"); null where not known. */
  archList: z.string().nullable(),
  archConfidence: MarkSchema,
  /** Mark of the "+PTX" part where it is weaker than the rest of the list. */
  ptxConfidence: MarkSchema.optional(),
  /** The Linux aarch64 (SBSA) wheel on the same index, where a source states its arch list. */
  aarch64: z
    .strictObject({ archList: z.string(), confidence: MarkSchema, sources: rowSources, notes: z.string().optional() })
    .optional(),
  sources: rowSources,
  notes: z.string().optional(),
})
export type TorchVariant = z.infer<typeof TorchVariantSchema>

/** One PyTorch release (latest patch) with its variants. */
export const TorchReleaseSchema = z.strictObject({
  release: z.string().regex(TORCH),
  latestPatch: z.string().regex(TORCH_FULL),
  /** General availability, YYYY-MM. */
  ga: z.string().regex(/^\d{4}-\d{2}$/),
  python: z.strictObject({
    min: z.string().regex(/^3\.\d+$/),
    max: z.string().regex(/^3\.\d+$/),
    /** Extra builds: free-threaded "3.13t", experimental versions. */
    extra: z.array(z.string()).optional(),
    note: z.string().optional(),
  }),
  confidence: MarkSchema,
  sources: rowSources,
  variants: z.array(TorchVariantSchema).min(1),
})
export type TorchRelease = z.infer<typeof TorchReleaseSchema>

/** Lowest compute capability a cuDNN major supports at all (cuDNN 9 lists no Kepler). */
export const CudnnFloorSchema = z.strictObject({
  cudnnMajor: z.number().int(),
  minCc: ComputeCapabilitySchema,
  confidence: MarkSchema,
  sources: rowSources,
  notes: z.string().optional(),
})

/** pytorch-releases.json */
export const PytorchReleasesSchema = z.strictObject({
  ...tableHeader,
  releases: z.array(TorchReleaseSchema).min(1),
  cudnnFloors: z.array(CudnnFloorSchema),
})
export type PytorchReleases = z.infer<typeof PytorchReleasesSchema>

// ---- cuda-drivers.json --------------------------------------------------------------------------

/** One row of NVIDIA's Table 3: a toolkit release and the lowest driver that runs it natively. */
export const ToolkitDriverSchema = z.strictObject({
  /** Full toolkit version: 12.8.0 for "12.8 GA", 12.8.1 for "12.8 Update 1". */
  cuda: z.string().regex(/^\d{1,2}\.\d\.\d{1,3}$/),
  label: z.string(),
  /** Minimum driver to run this toolkit natively. */
  linux: DriverVersionSchema,
  /** Null where NVIDIA lists N/A (13.x: the Windows driver is no longer bundled). */
  windows: DriverVersionSchema.nullable(),
  confidence: MarkSchema,
  sources: rowSources,
  notes: z.string().optional(),
})
export type ToolkitDriver = z.infer<typeof ToolkitDriverSchema>

/** Minor-version compatibility: a newer toolkit of the same major runs, with limits, on an older driver at or above the floor. */
export const MinorVersionRuleSchema = z.strictObject({
  major: z.number().int(),
  /** Minors the rule covers, inclusive; absent = all of the major. */
  minors: z.tuple([z.number().int(), z.number().int()]).optional(),
  linux: DriverVersionSchema,
  windows: DriverVersionSchema,
  confidence: MarkSchema,
  fieldConfidence: z.strictObject({ linux: MarkSchema, windows: MarkSchema }).partial().optional(),
  sources: rowSources,
  notes: z.string().optional(),
})
export type MinorVersionRule = z.infer<typeof MinorVersionRuleSchema>

/** GPUs that no driver below a floor supports at all (Blackwell needs R570). */
export const GpuDriverFloorSchema = z.strictObject({
  arch: z.string(),
  minCc: ComputeCapabilitySchema,
  linux: DriverVersionSchema,
  windows: DriverVersionSchema,
  confidence: MarkSchema,
  sources: rowSources,
  notes: z.string().optional(),
})
export type GpuDriverFloor = z.infer<typeof GpuDriverFloorSchema>

/** cuda-drivers.json */
export const CudaDriversSchema = z.strictObject({
  ...tableHeader,
  toolkits: z.array(ToolkitDriverSchema).min(1),
  minorVersionCompatibility: z.array(MinorVersionRuleSchema).min(1),
  gpuDriverFloors: z.array(GpuDriverFloorSchema),
  /** The rules in words, as the sources state them. */
  rules: z.strictObject({ native: z.string(), minorVersion: z.string(), crossMajor: z.string() }),
})
export type CudaDrivers = z.infer<typeof CudaDriversSchema>

// ---- driver-branches.json -----------------------------------------------------------------------

/** A driver branch and the highest CUDA it reports. */
export const DriverBranchSchema = z.strictObject({
  branch: z.number().int(),
  /** Highest CUDA a driver of this branch reports ("CUDA Version" in nvidia-smi). */
  cuda: z.string().regex(/^\d{1,2}\.\d$/),
  /** Lowest Linux / Windows build that reports it. */
  linuxFrom: DriverVersionSchema,
  windowsFrom: DriverVersionSchema,
  confidence: MarkSchema,
  fieldConfidence: z.strictObject({ linuxFrom: MarkSchema, windowsFrom: MarkSchema }).partial().optional(),
  /** True for 12.7: drivers report it, but no 12.7 toolkit exists. */
  noToolkit: z.boolean().optional(),
  sources: rowSources,
  notes: z.string().optional(),
})
export type DriverBranch = z.infer<typeof DriverBranchSchema>

/** driver-branches.json */
export const DriverBranchesSchema = z.strictObject({
  ...tableHeader,
  branches: z.array(DriverBranchSchema).min(1),
})
export type DriverBranches = z.infer<typeof DriverBranchesSchema>

// ---- gpus.json ----------------------------------------------------------------------------------

/** The host CPU a GPU comes with. */
export const HostArchSchema = z.enum(['any', 'aarch64'])
export type HostArch = z.infer<typeof HostArchSchema>

/** One of the GPUs an ambiguous name can mean. */
export const GpuCandidateSchema = z.strictObject({ name: z.string(), cc: ComputeCapabilitySchema })

/**
 * A family of GPU names. Rows are tried in file order and the first whose pattern matches wins, so
 * pitfalls ("GeForce GTX TITAN X" 5.2 before "TITAN X" 6.1) are ordered rows. A row with `cc` null
 * is a name that cannot be resolved ("RTX 6000"): its candidates are shown instead.
 */
export const GpuRowSchema = z.strictObject({
  cc: ComputeCapabilitySchema.nullable(),
  arch: z.string(),
  /** Case-insensitive regular expressions, matched against the name without "NVIDIA " and "...". */
  patterns: z.array(z.string().min(1)).min(1),
  /** Names as nvidia-smi prints them; each must resolve to this row (checked). */
  examples: z.array(z.string().min(1)).min(1),
  candidates: z.array(GpuCandidateSchema).optional(),
  /**
   * The host CPU the GPU comes with: `aarch64` where it only comes in Arm machines (GB10, GH200, GB200,
   * GB300, Jetson), so a what-if with it is an arm64 machine; `any` for a card that goes in either.
   */
  hostArch: HostArchSchema,
  /** A Jetson (Tegra) integrated GPU: its driver numbering is not the desktop branch table. */
  tegra: TegraDeviceSchema.optional(),
  /**
   * Chips of another compute capability that pci.ids sells under a name this row matches ("GTX 750 Ti"
   * on GK106): the name alone cannot tell them apart, a device ID or compute_cap can.
   */
  alsoChips: z.array(z.string().min(2)).optional(),
  confidence: MarkSchema,
  sources: rowSources,
  notes: z.string().optional(),
})
export type GpuRow = z.infer<typeof GpuRowSchema>

/** A chip family as the PCI ID database names it ("GB202", "AD102GL"), placed by NVIDIA's CUDA GPUs page. */
export const GpuChipSchema = z.strictObject({
  /** Regular expression on the chip code at the start of a pci.ids device name: "^GB20[2-7]". */
  chip: z.string().min(2),
  arch: z.string().min(1),
  cc: ComputeCapabilitySchema,
  hostArch: HostArchSchema,
  tegra: TegraDeviceSchema.optional(),
  /** The CUDA toolkit that first compiles for this compute capability. */
  firstCuda: CudaVersionSchema.optional(),
  /** The first driver branch that runs these GPUs; left out where no source settles it. */
  minBranch: z.number().int().min(100).optional(),
  /**
   * Runs on NVIDIA's open kernel modules only (Blackwell, Grace): the open modules' supported-GPU
   * list per release (gpu-first-drivers.json) is then the list of drivers that run it, model by model.
   */
  openModulesOnly: z.literal(true).optional(),
  confidence: MarkSchema,
  fieldConfidence: z.strictObject({ firstCuda: MarkSchema, minBranch: MarkSchema }).partial().optional(),
  sources: z.array(z.string()).min(1),
  notes: z.string().optional(),
})
export type GpuChip = z.infer<typeof GpuChipSchema>

/** An architecture and the last driver branch that supports it (NVIDIA's legacy branches); none while current. */
export const GpuArchitectureSchema = z.strictObject({
  arch: z.string().min(1),
  lastBranch: z.number().int().min(100).optional(),
  confidence: MarkSchema,
  sources: z.array(z.string()).min(1),
  notes: z.string().optional(),
})
export type GpuArchitecture = z.infer<typeof GpuArchitectureSchema>

/** gpus.json */
/** The first CUDA toolkit that compiles native code for a compute capability major (sm_X0 code runs on every sm_XY). */
export const ArchToolkitFloorSchema = z.strictObject({
  ccMajor: z.number().int().min(1),
  arch: z.string(),
  cuda: CudaVersionSchema,
  confidence: MarkSchema,
  sources: rowSources,
  notes: z.string().optional(),
})
export type ArchToolkitFloor = z.infer<typeof ArchToolkitFloorSchema>

/** A JetPack release, its Jetson Linux (L4T) release and the CUDA it ships. */
export const JetpackRowSchema = z.strictObject({
  jetpack: z.string().regex(/^\d+\.\d+(?:\.\d+)?$/),
  /** Jetson Linux release as /etc/nv_tegra_release writes it: "38.2". */
  l4t: z.string().regex(/^\d+\.\d+(?:\.\d+)?$/),
  cuda: CudaVersionSchema,
  /** The module family it is for: "Thor", "Orin". */
  modules: z.string(),
  confidence: MarkSchema,
  sources: rowSources,
  notes: z.string().optional(),
})
export type JetpackRow = z.infer<typeof JetpackRowSchema>

export const GpusSchema = z.strictObject({
  ...tableHeader,
  gpus: z.array(GpuRowSchema).min(1),
  archToolkitFloors: z.array(ArchToolkitFloorSchema).min(1),
  jetpack: z.array(JetpackRowSchema),
  chips: z.array(GpuChipSchema).min(1),
  architectures: z.array(GpuArchitectureSchema).min(1),
})
export type Gpus = z.infer<typeof GpusSchema>

// ---- images.json --------------------------------------------------------------------------------

/** One pytorch/pytorch release × CUDA variant with its -runtime and -devel tags. */
export const OfficialTagSchema = z.strictObject({
  torch: z.string().regex(TORCH_FULL),
  /** CUDA major.minor in the tag; must be a variant of the release in pytorch-releases.json. */
  cuda: z.string().regex(/^\d{1,2}\.\d$/),
  cudnnMajor: z.number().int(),
  runtime: z.string(),
  devel: z.string(),
  /** Platforms both tags are published for. */
  platforms: z.array(ImagePlatformSchema).min(1),
  confidence: MarkSchema,
  sources: rowSources,
  notes: z.string().optional(),
})
export type OfficialTag = z.infer<typeof OfficialTagSchema>

/** One nvcr.io/nvidia/pytorch release. */
export const NgcReleaseSchema = z.strictObject({
  /** YY.MM */
  release: z.string().regex(/^\d{2}\.\d{2}$/),
  tag: z.string(),
  pytorch: z.string().nullable(),
  cuda: CudaVersionSchema.nullable(),
  cudnn: z.string().regex(CUDNN).nullable(),
  nccl: z.string().regex(CUDNN).nullable(),
  python: z.string().nullable(),
  /** Lowest compute capability the release supports; null where no source states it. */
  minCc: ComputeCapabilitySchema.nullable(),
  /** Platforms of the -py3 manifest list. */
  platforms: z.array(ImagePlatformSchema).min(1),
  /** Jetson modules whose iGPU the release is known to run on; absent where no source says so. */
  tegra: z.array(TegraDeviceSchema).optional(),
  confidence: MarkSchema,
  fieldConfidence: z
    .object({ pytorch: MarkSchema, cuda: MarkSchema, cudnn: MarkSchema, nccl: MarkSchema, minCc: MarkSchema, platforms: MarkSchema })
    .partial()
    .optional(),
  sources: rowSources,
  notes: z.string().optional(),
})
export type NgcRelease = z.infer<typeof NgcReleaseSchema>

/** images.json */
export const ImagesSchema = z.strictObject({
  ...tableHeader,
  official: z.strictObject({
    repository: z.string(),
    /** Other names of the same images (GHCR, docker.io/ prefix), recognised when rating local images. */
    aliases: z.array(z.string()),
    tagTemplate: z.string(),
    confidence: MarkSchema,
    /** -devel tags may carry a PyTorch built from source with this arch list instead of the wheel's. */
    /** Why -devel has the same arch coverage as -runtime (both install the release wheel). */
    develSameAsRuntime: z.strictObject({ confidence: MarkSchema, notes: z.string(), sources: rowSources }),
    tags: z.array(OfficialTagSchema).min(1),
  }),
  ngc: z.strictObject({
    repository: z.string(),
    tagTemplate: z.string(),
    confidence: MarkSchema,
    notes: z.string(),
    releases: z.array(NgcReleaseSchema).min(1),
  }),
})
export type Images = z.infer<typeof ImagesSchema>

/** All five tables, as the engine uses them. */
export interface CompatData {
  releases: PytorchReleases
  drivers: CudaDrivers
  branches: DriverBranches
  gpus: Gpus
  images: Images
  environment: CudaEnvironment
}

// ---- cuda-environment.json ----------------------------------------------------------------------

/** What setting a variable does, for the verdict: only the first four earn a warning. */
export const ENV_EFFECT_CLASSES = ['slowdown', 'debugging-mode', 'changed-device-set', 'changed-allocator', 'informational'] as const
export type EnvEffectClass = (typeof ENV_EFFECT_CLASSES)[number]

/** When a set variable has its effect: any value, only these values, or any value but these (case-insensitive). */
export const EnvWarnWhenSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('never') }),
  z.strictObject({ kind: z.literal('set') }),
  z.strictObject({ kind: z.literal('values'), values: z.array(z.string()).min(1) }),
  z.strictObject({ kind: z.literal('not-values'), values: z.array(z.string()).min(1) }),
])
export type EnvWarnWhen = z.infer<typeof EnvWarnWhenSchema>

export const EnvVariableSchema = z.strictObject({
  name: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  area: z.enum(['cuda', 'cudnn', 'cublas', 'nccl', 'pytorch', 'loader', 'container']),
  class: z.enum(ENV_EFFECT_CLASSES),
  warnWhen: EnvWarnWhenSchema,
  /** The timed workloads of steps 4 (matmul) and 5 (convolution) that its active value slows down, so that their slow timings name it. */
  slowsTimed: z.array(z.enum(['matmul', 'convolution'])).optional(),
  effect: z.string().min(1),
  effectZh: z.string().min(1),
  fix: z.string().min(1),
  fixZh: z.string().min(1),
  confidence: MarkSchema,
  sources: z.array(z.string()).min(1),
})
export type EnvVariable = z.infer<typeof EnvVariableSchema>

export const CudaEnvironmentSchema = z.strictObject({
  ...tableHeader,
  variables: z.array(EnvVariableSchema).min(1),
})
export type CudaEnvironment = z.infer<typeof CudaEnvironmentSchema>
