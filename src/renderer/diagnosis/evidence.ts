// Typed, defensive readers of each step's evidence (plain JSON from src/core/diagnosis/steps/*).
// A field that is missing or of another type reads as null / [] so a view never throws.

type Json = Record<string, unknown>

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null)
const list = <T>(v: unknown, read: (x: Json) => T): T[] => (Array.isArray(v) ? v.filter(isObj).map(read) : [])
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

// ---- Step 1
export interface TorchDevice {
  index: number | null
  name: string | null
  cc: string | null
  totalMemory: number | null
  smCount: number | null
}
export interface HostGpu {
  index: number | null
  name: string | null
  computeCapability: string | null
}
export interface ArchCoverage {
  gpuArch: string | null
  covered: boolean
  via: string | null
  entry: string | null
}
export interface GpuVisibleEvidence {
  python: string | null
  torchVersion: string | null
  torchCuda: string | null
  cudaAvailable: boolean | null
  torchDevices: TorchDevice[]
  archList: string[]
  cudaVisibleDevices: string | null
  hostGpus: HostGpu[]
  driverVersion: string | null
  driverCuda: string | null
  archCoverage: ArchCoverage[]
  warnings: string[]
}

export function readGpuVisible(e: Json): GpuVisibleEvidence {
  return {
    python: str(e.python),
    torchVersion: str(e.torchVersion),
    torchCuda: str(e.torchCuda),
    cudaAvailable: bool(e.cudaAvailable),
    torchDevices: list(e.torchDevices, (d) => ({
      index: num(d.index),
      name: str(d.name),
      cc: str(d.cc),
      totalMemory: num(d.totalMemory),
      smCount: num(d.smCount),
    })),
    archList: strings(e.archList),
    cudaVisibleDevices: str(e.cudaVisibleDevices),
    hostGpus: list(e.hostGpus, (g) => ({ index: num(g.index), name: str(g.name), computeCapability: str(g.computeCapability) })),
    driverVersion: str(e.driverVersion),
    driverCuda: str(e.driverCuda),
    archCoverage: list(e.archCoverage, (a) => ({ gpuArch: str(a.gpuArch), covered: a.covered === true, via: str(a.via), entry: str(a.entry) })),
    warnings: strings(e.warnings),
  }
}

// ---- Step 2
export const CUDNN_FLAGS = ['benchmark', 'deterministic', 'allowTf32', 'matmulAllowTf32'] as const
export type CudnnFlag = (typeof CUDNN_FLAGS)[number]
export interface CudnnEvidence {
  available: boolean | null
  enabled: boolean | null
  version: string | null
  expectedMajor: number | null
  flags: Partial<Record<CudnnFlag, { value: boolean | null; note: string | null }>>
  nccl: string | null
}

export function readCudnn(e: Json): CudnnEvidence {
  const flags: CudnnEvidence['flags'] = {}
  const raw = isObj(e.flags) ? e.flags : {}
  for (const f of CUDNN_FLAGS) {
    const v = raw[f]
    if (isObj(v)) flags[f] = { value: bool(v.value), note: str(v.note) }
  }
  return {
    available: bool(e.available),
    enabled: bool(e.enabled),
    version: str(e.version),
    expectedMajor: num(e.expectedMajor),
    flags,
    nccl: str(e.nccl),
  }
}

/** Whether the loaded cuDNN's major matches the one this torch expects; null when either is unknown. */
export function cudnnMajorMatches(e: CudnnEvidence): boolean | null {
  if (!e.version || e.expectedMajor === null) return null
  return Number(e.version.split('.')[0]) === e.expectedMajor
}

// ---- Step 3
export interface LinkedLibrary {
  name: string
  path: string | null
  origin: string | null
  why: string | null
  neededBy: string | null
}
export interface LinkageEvidence {
  libraries: LinkedLibrary[]
  mappedAfterCudnnOp: string[]
  mappedCudnn: string[]
  otherCudnnCopies: Array<{ path: string; realPath: string | null }>
  ldLibraryPath: string[]
  inspected: string[]
}

export function readLinkage(e: Json): LinkageEvidence {
  return {
    libraries: list(e.libraries, (l) => ({
      name: str(l.name) ?? '?',
      path: str(l.path),
      origin: str(l.origin),
      why: str(l.why),
      neededBy: str(l.neededBy),
    })),
    mappedAfterCudnnOp: strings(e.mappedAfterCudnnOp),
    mappedCudnn: strings(e.mappedCudnn),
    otherCudnnCopies: list(e.otherCudnnCopies, (c) => ({ path: str(c.path) ?? '?', realPath: str(c.realPath) })),
    ldLibraryPath: strings(e.ldLibraryPath),
    inspected: strings(e.inspected),
  }
}

/** Display order of library origins; 'missing' holds the libraries that resolved nowhere. */
export const ORIGIN_ORDER = ['missing', 'wheel', 'torch', 'conda', 'ld-library-path', 'cuda-toolkit', 'system', 'driver', 'other'] as const
export type OriginGroupKey = (typeof ORIGIN_ORDER)[number]

export interface OriginGroup {
  origin: OriginGroupKey
  why: string | null
  libraries: LinkedLibrary[]
}

/**
 * Libraries grouped by where they resolved from, missing ones first; one row per library name and
 * path (ldd lists a library once for every file that needs it), with every file that needs it.
 */
export function groupByOrigin(libraries: readonly LinkedLibrary[]): OriginGroup[] {
  const groups = new Map<OriginGroupKey, OriginGroup>()
  const rows = new Map<string, LinkedLibrary>()
  for (const lib of libraries) {
    const origin: OriginGroupKey = lib.path === null ? 'missing' : ((ORIGIN_ORDER as readonly string[]).includes(lib.origin ?? '') ? (lib.origin as OriginGroupKey) : 'other')
    const key = `${origin}\u0000${lib.name}\u0000${lib.path ?? ''}`
    const row = rows.get(key)
    if (row) {
      const needed = new Set((row.neededBy ?? '').split(', ').filter(Boolean))
      if (lib.neededBy) needed.add(lib.neededBy)
      row.neededBy = [...needed].join(', ')
      continue
    }
    const copy = { ...lib }
    rows.set(key, copy)
    let group = groups.get(origin)
    if (!group) {
      group = { origin, why: origin === 'missing' ? null : lib.why, libraries: [] }
      groups.set(origin, group)
    }
    group.libraries.push(copy)
  }
  for (const g of groups.values()) g.libraries.sort((a, b) => a.name.localeCompare(b.name))
  return ORIGIN_ORDER.filter((o) => groups.has(o)).map((o) => groups.get(o)!)
}

// ---- Step 4
export interface SmGpu {
  index: number | null
  name: string | null
  idleMean: number | null
  loadMean: number | null
  loadPeak: number | null
  tflops: number | null
  percentOfPeak: number | null
  peakTflops: number | null
  peakSource: string | null
  powerMeanW: number | null
  powerLimitW: number | null
  smClockMeanMHz: number | null
  throttles: string[]
}
export interface TimelinePoint {
  time: number
  gpus: Array<{ index: number; sm: number | null }>
}
export interface SmEvidence {
  kernel: string | null
  seconds: number | null
  loadStartedAt: number | null
  loadEndedAt: number | null
  perGpu: SmGpu[]
  timeline: TimelinePoint[]
  meaning: string | null
}

export function readSm(e: Json): SmEvidence {
  return {
    kernel: str(e.kernel),
    seconds: num(e.seconds),
    loadStartedAt: num(e.loadStartedAt),
    loadEndedAt: num(e.loadEndedAt),
    perGpu: list(e.perGpu, (g) => ({
      index: num(g.index),
      name: str(g.name),
      idleMean: num(g.idleMean),
      loadMean: num(g.loadMean),
      loadPeak: num(g.loadPeak),
      tflops: num(g.tflops),
      percentOfPeak: num(g.percentOfPeak),
      peakTflops: num(g.peakTflops),
      peakSource: str(g.peakSource),
      powerMeanW: num(g.powerMeanW),
      powerLimitW: num(g.powerLimitW),
      smClockMeanMHz: num(g.smClockMeanMHz),
      throttles: strings(g.throttles),
    })),
    timeline: list(e.timeline, (p) => ({
      time: num(p.time) ?? 0,
      gpus: list(p.gpus, (g) => ({ index: num(g.index) ?? 0, sm: num(g.sm) })),
    })),
    meaning: str(e.meaning),
  }
}

// ---- Step 5
export interface ConvCase {
  label: string
  shape: string | null
  onMs: number | null
  offMs: number | null
  onTflops: number | null
  offTflops: number | null
  ratio: number | null
  percentOfPeakOn: number | null
}
export interface ConvEvidence {
  gpu: string | null
  peak: { label: string | null; fp16TensorDense: number | null; fp32: number | null; source: string | null } | null
  cases: ConvCase[]
  method: string | null
}

export function readConv(e: Json): ConvEvidence {
  const p = isObj(e.peak) ? e.peak : null
  return {
    gpu: str(e.gpu),
    peak: p ? { label: str(p.label), fp16TensorDense: num(p.fp16TensorDense), fp32: num(p.fp32), source: str(p.source) } : null,
    cases: list(e.cases, (c) => ({
      label: str(c.label) ?? '?',
      shape: str(c.shape),
      onMs: num(c.onMs),
      offMs: num(c.offMs),
      onTflops: num(c.onTflops),
      offTflops: num(c.offTflops),
      ratio: num(c.ratio),
      percentOfPeakOn: num(c.percentOfPeakOn),
    })),
    method: str(e.method),
  }
}

/** True when the evidence has anything for a view to show (a skipped step has {}). */
export function hasEvidence(e: Json): boolean {
  return Object.keys(e).length > 0
}
