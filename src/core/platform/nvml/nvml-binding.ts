import type * as Koffi from 'koffi'

import { nvmlLibraryCandidates } from './library-paths'
import type { NvmlUnavailable } from './nvml-unavailable'
import { PROCESS_INFO_V1_SIZE, PROCESS_INFO_V2_SIZE } from './nvml-structs'

/** An nvmlDevice_t as koffi hands it back: opaque, only ever passed back to NVML. */
export type DeviceHandle = unknown
type Fn = (...args: unknown[]) => number
type AsyncFn = (...args: unknown[]) => void
type TypeSpec = Parameters<typeof Koffi.out>[0]
type KoffiFunction = ReturnType<Koffi.LibraryHandle['func']>

/**
 * The NVML functions the sampler calls, each returning nvmlReturn_t. Out parameters are Buffers the
 * caller owns (decoded by nvml-structs.ts). Optional ones are null when this driver's NVML lacks them.
 */
export interface NvmlBinding {
  library: string
  init: () => number
  shutdown: () => number
  getCount: (count: Buffer) => number
  getHandle: (index: number) => { code: number; handle: DeviceHandle }
  getName: Fn | null
  getUuid: Fn | null
  getUtilization: Fn
  /** nvmlDeviceGetMemoryInfo_v2 (driver ≥ 510) or null; getMemoryV1 always exists. */
  getMemoryV2: Fn | null
  getMemoryV1: Fn
  getPowerUsage: Fn | null
  getEnforcedPowerLimit: Fn | null
  getTemperature: Fn | null
  getClock: Fn | null
  /** Blocks about 20 ms inside NVML: call it through pcieThroughputAsync, off the event loop. */
  pcieThroughputAsync: AsyncFn | null
  /** nvmlDeviceGetCurrentClocksEventReasons, or the ThrottleReasons spelling of older drivers. */
  getClocksEventReasons: Fn | null
  getProcessUtilization: Fn | null
  getComputeProcesses: { fn: Fn; stride: number } | null
  /** The PCIe link now (generation, lanes): unsigned int out parameters. */
  getCurrPcieLinkGeneration: Fn | null
  getCurrPcieLinkWidth: Fn | null
  /** GPM (Hopper and newer, driver ≥ 520): null where this NVML lacks it. */
  gpm: GpmBinding | null
}

/** NVML's GPM calls. A sample is an opaque pointer NVML allocates; metricsGet reads an nvmlGpmMetricsGet_t (nvml-structs.ts). */
export interface GpmBinding {
  querySupport: Fn
  sampleAlloc: (out: unknown[]) => number
  sampleFree: (sample: unknown) => number
  sampleGet: (device: DeviceHandle, sample: unknown) => number
  metricsGet: (request: Buffer) => number
  /** The address of a sample, to write into an nvmlGpmMetricsGet_t. */
  address: (sample: unknown) => bigint
}

const REQUIRED = ['nvmlInit_v2', 'nvmlShutdown', 'nvmlDeviceGetCount_v2', 'nvmlDeviceGetHandleByIndex_v2', 'nvmlDeviceGetUtilizationRates', 'nvmlDeviceGetMemoryInfo'] as const

/** koffi is loaded on demand and may be absent (the one-file CLI without node_modules): say why. */
async function loadKoffi(): Promise<typeof Koffi | Error> {
  try {
    const mod = (await import('koffi')) as typeof Koffi & { default?: typeof Koffi }
    return mod.default ?? mod
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}

function bind(koffi: typeof Koffi, lib: Koffi.LibraryHandle, library: string): NvmlBinding | { missing: string } {
  // Anonymous types: koffi refuses a second type of the same name when NVML is opened again.
  const Device = koffi.pointer(koffi.opaque())
  const fn = (name: string, args: TypeSpec[]): KoffiFunction | null => {
    try {
      return lib.func(name, 'int', args)
    } catch {
      return null
    }
  }
  const first = (...tries: Array<[string, TypeSpec[]]>) => {
    for (const [name, args] of tries) {
      const f = fn(name, args)
      if (f) return f
    }
    return null
  }
  const required = new Map<string, KoffiFunction>()
  const requiredArgs: Record<(typeof REQUIRED)[number], TypeSpec[]> = {
    nvmlInit_v2: [],
    nvmlShutdown: [],
    nvmlDeviceGetCount_v2: ['void *'],
    nvmlDeviceGetHandleByIndex_v2: ['unsigned int', koffi.out(koffi.pointer(Device))],
    nvmlDeviceGetUtilizationRates: [Device, 'void *'],
    nvmlDeviceGetMemoryInfo: [Device, 'void *'],
  }
  for (const name of REQUIRED) {
    const f = fn(name, requiredArgs[name])
    if (!f) return { missing: name }
    required.set(name, f)
  }
  const getHandleFn = required.get('nvmlDeviceGetHandleByIndex_v2')!
  const processes = [
    ['nvmlDeviceGetComputeRunningProcesses_v3', PROCESS_INFO_V2_SIZE],
    ['nvmlDeviceGetComputeRunningProcesses_v2', PROCESS_INFO_V2_SIZE],
    ['nvmlDeviceGetComputeRunningProcesses', PROCESS_INFO_V1_SIZE],
  ] as const
  let getComputeProcesses: NvmlBinding['getComputeProcesses'] = null
  for (const [name, stride] of processes) {
    const f = fn(name, [Device, 'void *', 'void *'])
    if (f) {
      getComputeProcesses = { fn: f as Fn, stride }
      break
    }
  }
  // nvmlGpmSample_t is a struct holding one pointer: passed by value it is that pointer.
  const Sample = koffi.pointer(koffi.opaque())
  const gpmFns = [
    fn('nvmlGpmQueryDeviceSupport', [Device, 'void *']),
    fn('nvmlGpmSampleAlloc', [koffi.out(koffi.pointer(Sample))]),
    fn('nvmlGpmSampleFree', [Sample]),
    fn('nvmlGpmSampleGet', [Device, Sample]),
    fn('nvmlGpmMetricsGet', ['void *']),
  ]
  const [gpmSupport, gpmAlloc, gpmFree, gpmGet, gpmMetrics] = gpmFns
  const gpm: GpmBinding | null =
    gpmSupport && gpmAlloc && gpmFree && gpmGet && gpmMetrics
      ? {
          querySupport: gpmSupport as Fn,
          sampleAlloc: gpmAlloc as (out: unknown[]) => number,
          sampleFree: gpmFree as (sample: unknown) => number,
          sampleGet: gpmGet as (device: DeviceHandle, sample: unknown) => number,
          metricsGet: gpmMetrics as (request: Buffer) => number,
          address: (sample) => BigInt(koffi.address(sample)),
        }
      : null
  // An async call runs on a worker thread: its out value goes through koffi's own copy, not a Buffer.
  const pcie = fn('nvmlDeviceGetPcieThroughput', [Device, 'int', koffi.out(koffi.pointer('unsigned int'))])
  return {
    library,
    init: required.get('nvmlInit_v2')! as () => number,
    shutdown: required.get('nvmlShutdown')! as () => number,
    getCount: required.get('nvmlDeviceGetCount_v2')! as (b: Buffer) => number,
    getHandle: (index) => {
      const out: unknown[] = [null]
      const code = getHandleFn(index, out) as number
      return { code, handle: out[0] }
    },
    getName: fn('nvmlDeviceGetName', [Device, 'void *', 'unsigned int']) as Fn | null,
    getUuid: fn('nvmlDeviceGetUUID', [Device, 'void *', 'unsigned int']) as Fn | null,
    getUtilization: required.get('nvmlDeviceGetUtilizationRates')! as Fn,
    getMemoryV2: fn('nvmlDeviceGetMemoryInfo_v2', [Device, 'void *']) as Fn | null,
    getMemoryV1: required.get('nvmlDeviceGetMemoryInfo')! as Fn,
    getPowerUsage: fn('nvmlDeviceGetPowerUsage', [Device, 'void *']) as Fn | null,
    getEnforcedPowerLimit: fn('nvmlDeviceGetEnforcedPowerLimit', [Device, 'void *']) as Fn | null,
    getTemperature: fn('nvmlDeviceGetTemperature', [Device, 'int', 'void *']) as Fn | null,
    getClock: fn('nvmlDeviceGetClockInfo', [Device, 'int', 'void *']) as Fn | null,
    pcieThroughputAsync: pcie ? (pcie.async as AsyncFn) : null,
    getClocksEventReasons: first(['nvmlDeviceGetCurrentClocksEventReasons', [Device, 'void *']], [
      'nvmlDeviceGetCurrentClocksThrottleReasons',
      [Device, 'void *'],
    ]) as Fn | null,
    getProcessUtilization: fn('nvmlDeviceGetProcessUtilization', [Device, 'void *', 'void *', 'unsigned long long']) as Fn | null,
    getComputeProcesses,
    getCurrPcieLinkGeneration: fn('nvmlDeviceGetCurrPcieLinkGeneration', [Device, 'void *']) as Fn | null,
    getCurrPcieLinkWidth: fn('nvmlDeviceGetCurrPcieLinkWidth', [Device, 'void *']) as Fn | null,
    gpm,
  }
}

/**
 * Loads NVML in-process: koffi, then the first library that opens, then its functions. Every way
 * this can fail comes back as a reason (nvmlInit is the caller's: it needs a shutdown to pair with).
 */
export async function loadNvmlBinding(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<{ ok: true; binding: NvmlBinding } | { ok: false; unavailable: NvmlUnavailable }> {
  const candidates = nvmlLibraryCandidates(platform, env)
  if (candidates.length === 0) return { ok: false, unavailable: { reason: 'unsupported-platform', platform } }
  const koffi = await loadKoffi()
  if (koffi instanceof Error) return { ok: false, unavailable: { reason: 'koffi-missing', detail: koffi.message } }
  const errors: string[] = []
  for (const library of candidates) {
    let lib: Koffi.LibraryHandle
    try {
      lib = koffi.load(library)
    } catch (error) {
      errors.push(`${library}: ${error instanceof Error ? error.message : String(error)}`)
      continue
    }
    const bound = bind(koffi, lib, library)
    if ('missing' in bound) return { ok: false, unavailable: { reason: 'symbol-missing', library, symbol: bound.missing } }
    return { ok: true, binding: bound }
  }
  return { ok: false, unavailable: { reason: 'library-missing', library: candidates.join(', '), detail: errors.join('; ') } }
}
