import type { GpuSample, MonitorSample, ProcessUtilization } from '../../../shared/gpu'
import { loadNvmlBinding, type DeviceHandle, type NvmlBinding } from './nvml-binding'
import {
  NVML_CLOCK_SM,
  NVML_ERROR_INSUFFICIENT_SIZE,
  NVML_ERROR_NOT_FOUND,
  NVML_NAME_BUFFER,
  NVML_PCIE_UTIL_RX_BYTES,
  NVML_PCIE_UTIL_TX_BYTES,
  NVML_SUCCESS,
  NVML_TEMPERATURE_GPU,
  NVML_UUID_BUFFER,
  nvmlReturnName,
} from './nvml-codes'
import {
  decodeCString,
  decodeMemoryV1,
  decodeMemoryV2,
  decodeProcessInfos,
  decodeProcessUtilization,
  decodeGpmReading,
  encodeGpmRequest,
  encodeMemoryV2Request,
  GPM_REQUEST_SIZE,
  GPM_SUPPORT_VERSION,
  type GpmReading,
  MEMORY_V1_OFFSETS,
  MEMORY_V2_OFFSETS,
  MEMORY_V2_SIZE,
  MEMORY_V2_VERSION,
  PROCESS_UTILIZATION_SIZE,
  type ComputeProcess,
  readWholeMiB,
  type MemoryInfo,
} from './nvml-structs'
import type { NvmlUnavailable } from './nvml-unavailable'

const MIN_PROCESS_SAMPLES = 64
const LIMIT_REFRESH_MS = 5000
/**
 * Counts NVML answers are believed up to: no machine has more GPUs (an NVL72 rack shows 4 per
 * node, the largest boards 16), nor more process samples or compute processes a sample could use.
 * A driver answering more (0xFFFFFFFF) would loop for hours or allocate gigabytes.
 */
export const MAX_NVML_DEVICES = 256
export const MAX_NVML_PROCESSES = 4096
/** NVML's "not available" in an unsigned int. */
const NOT_AVAILABLE_U32 = 0xffffffff

/** A reading within what the hardware can show, else null ("not available"): sentinels and garbage alike. */
const within = (value: number, max: number): number | null => (value !== NOT_AVAILABLE_U32 && value <= max ? value : null)
/** Percent, °C, milliwatts and MHz no GPU exceeds. */
const MAX_PERCENT = 100
const MAX_TEMPERATURE_C = 200
const MAX_POWER_MW = 10_000_000
const MAX_CLOCK_MHZ = 10_000
/** 16 TiB of GPU memory: far above any GPU; 2^64-1 bytes (not available) is above it. */
const withinMiB = (mib: number): number | null => (mib <= 16 * 1024 * 1024 ? mib : null)

export interface NvmlDevice {
  index: number
  name: string | null
  uuid: string | null
  handle: DeviceHandle
}

/**
 * Reads GPUs through NVML in-process: one open (nvmlInit, a handle per GPU), then each sample is a
 * few driver calls per GPU into buffers allocated once. `sample()` has the streaming nvidia-smi's
 * shape, so either source feeds the live panel and `gpu-doctor monitor` alike.
 */
export class NvmlSampler {
  private readonly u32 = Buffer.alloc(4)
  private readonly u64 = Buffer.alloc(8)
  private readonly util = Buffer.alloc(8)
  private readonly mem = Buffer.alloc(MEMORY_V2_SIZE)
  // 64 entries from the start, and never fewer: NVML_ERROR_INSUFFICIENT_SIZE answers are not free.
  private processBuf = Buffer.alloc(PROCESS_UTILIZATION_SIZE * MIN_PROCESS_SAMPLES)
  private readonly lastSeenUs = new Map<number, bigint>()
  private readonly processesAnswered = new Set<number>()
  private readonly limits = new Map<number, { watts: number | null; readAt: number }>()
  private closed = false
  private readonly gpmSupport = new Map<number, boolean>()
  /** Per GPU: the sample taken last time and a spare to take the next one into. */
  private readonly gpmSamples = new Map<number, { last: unknown; next: unknown; primed: boolean }>()
  private readonly gpmRequest = Buffer.alloc(GPM_REQUEST_SIZE)

  private constructor(
    private readonly nvml: NvmlBinding,
    readonly devices: readonly NvmlDevice[],
  ) {}

  get library(): string {
    return this.nvml.library
  }

  /** Whether the last per-process reading of this GPU was an answer (samples, or none since the one before). */
  processesAnsweredFor(index: number): boolean {
    return this.processesAnswered.has(index)
  }

  /** Loads and initialises NVML and takes a handle per GPU; every failure is a reason, nothing throws. */
  static async open(env: NodeJS.ProcessEnv = process.env): Promise<{ ok: true; sampler: NvmlSampler } | { ok: false; unavailable: NvmlUnavailable }> {
    const loaded = await loadNvmlBinding(env)
    if (!loaded.ok) return loaded
    const nvml = loaded.binding
    const library = nvml.library
    const init = nvml.init()
    if (init !== NVML_SUCCESS) return { ok: false, unavailable: { reason: 'init-failed', library, error: nvmlReturnName(init) } }
    const count = Buffer.alloc(4)
    const counted = nvml.getCount(count)
    const deviceCount = count.readUInt32LE(0)
    if (counted !== NVML_SUCCESS || deviceCount === 0 || deviceCount > MAX_NVML_DEVICES) {
      nvml.shutdown()
      if (counted !== NVML_SUCCESS) return { ok: false, unavailable: { reason: 'init-failed', library, error: nvmlReturnName(counted) } }
      if (deviceCount > MAX_NVML_DEVICES) return { ok: false, unavailable: { reason: 'init-failed', library, error: `nvmlDeviceGetCount_v2 answered ${deviceCount} GPUs` } }
      return { ok: false, unavailable: { reason: 'no-devices', library } }
    }
    const devices: NvmlDevice[] = []
    for (let index = 0; index < deviceCount; index++) {
      const { code, handle } = nvml.getHandle(index)
      // A GPU NVML cannot open (lost, no permission) is left out, as nvidia-smi leaves it out.
      if (code !== NVML_SUCCESS) continue
      const text = (f: NvmlBinding['getName'], size: number) => {
        if (!f) return null
        const buf = Buffer.alloc(size)
        return f(handle, buf, size) === NVML_SUCCESS ? decodeCString(buf) : null
      }
      devices.push({ index, handle, name: text(nvml.getName, NVML_NAME_BUFFER), uuid: text(nvml.getUuid, NVML_UUID_BUFFER) })
    }
    if (devices.length === 0) {
      nvml.shutdown()
      return { ok: false, unavailable: { reason: 'no-devices', library } }
    }
    return { ok: true, sampler: new NvmlSampler(nvml, devices) }
  }

  memory(handle: DeviceHandle): MemoryInfo | null {
    if (this.nvml.getMemoryV2 && this.nvml.getMemoryV2(handle, encodeMemoryV2Request(this.mem)) === NVML_SUCCESS) return decodeMemoryV2(this.mem)
    return this.nvml.getMemoryV1(handle, this.mem) === NVML_SUCCESS ? decodeMemoryV1(this.mem) : null
  }

  /** Offsets of used/total in this.mem after a memory read, or null when neither version answered. */
  private readMemory(handle: DeviceHandle): typeof MEMORY_V2_OFFSETS | typeof MEMORY_V1_OFFSETS | null {
    const { getMemoryV2, getMemoryV1 } = this.nvml
    if (getMemoryV2) {
      this.mem.writeUInt32LE(MEMORY_V2_VERSION, 0)
      if (getMemoryV2(handle, this.mem) === NVML_SUCCESS) return MEMORY_V2_OFFSETS
    }
    return getMemoryV1(handle, this.mem) === NVML_SUCCESS ? MEMORY_V1_OFFSETS : null
  }

  /** The enforced power limit changes only when someone sets it: read once per LIMIT_REFRESH_MS. */
  private powerLimitW(d: NvmlDevice, now: number): number | null {
    const cached = this.limits.get(d.index)
    if (cached && now - cached.readAt < LIMIT_REFRESH_MS) return cached.watts
    const f = this.nvml.getEnforcedPowerLimit
    const mw = f && f(d.handle, this.u32) === NVML_SUCCESS ? within(this.u32.readUInt32LE(0), MAX_POWER_MW) : null
    const watts = mw === null ? null : mw / 1000
    this.limits.set(d.index, { watts, readAt: now })
    return watts
  }

  // The hot path: every sample, every GPU. Plain calls into buffers allocated once, no BigInt and no
  // intermediate objects, because after 100 ms asleep every instruction runs on cold caches.
  private gpuSample(d: NvmlDevice, now: number): GpuSample {
    const { getUtilization, getPowerUsage, getTemperature, getClock } = this.nvml
    const handle = d.handle
    const u32 = this.u32
    const utilOk = getUtilization(handle, this.util) === NVML_SUCCESS
    const mem = this.readMemory(handle)
    const powerMw = getPowerUsage && getPowerUsage(handle, u32) === NVML_SUCCESS ? within(u32.readUInt32LE(0), MAX_POWER_MW) : null
    const temperatureC = getTemperature && getTemperature(handle, NVML_TEMPERATURE_GPU, u32) === NVML_SUCCESS ? within(u32.readUInt32LE(0), MAX_TEMPERATURE_C) : null
    const smClockMHz = getClock && getClock(handle, NVML_CLOCK_SM, u32) === NVML_SUCCESS ? within(u32.readUInt32LE(0), MAX_CLOCK_MHZ) : null
    return {
      index: d.index,
      utilizationGpu: utilOk ? within(this.util.readUInt32LE(0), MAX_PERCENT) : null,
      utilizationMemory: utilOk ? within(this.util.readUInt32LE(4), MAX_PERCENT) : null,
      memoryUsedMiB: mem ? withinMiB(readWholeMiB(this.mem, mem.used)) : null,
      memoryTotalMiB: mem ? withinMiB(readWholeMiB(this.mem, mem.total)) : null,
      temperatureC,
      powerW: powerMw === null ? null : powerMw / 1000,
      powerLimitW: this.powerLimitW(d, now),
      smClockMHz,
    }
  }

  /** Every GPU now, in the streaming nvidia-smi's sample shape. */
  sample(withProcesses = false): MonitorSample {
    if (this.closed) throw new Error('NVML sampler is closed')
    const time = Date.now()
    const gpus: GpuSample[] = []
    for (const d of this.devices) gpus.push(this.gpuSample(d, time))
    const sample: MonitorSample = { time, gpus }
    if (withProcesses) sample.processes = this.processUtilization()
    return sample
  }

  /**
   * Per-process SM / memory / encoder / decoder utilisation since the previous call (the first call
   * looks one second back). NVML keeps a few samples per process; the newest of each process is kept.
   */
  processUtilization(): ProcessUtilization[] {
    const f = this.nvml.getProcessUtilization
    if (!f) return []
    const out: ProcessUtilization[] = []
    for (const d of this.devices) {
      const since = this.lastSeenUs.get(d.index) ?? BigInt(Date.now() - 1000) * 1000n
      this.u32.writeUInt32LE(this.processBuf.length / PROCESS_UTILIZATION_SIZE, 0)
      let code = f(d.handle, this.processBuf, this.u32, since)
      if (code === NVML_ERROR_INSUFFICIENT_SIZE) {
        const wanted = Math.min(MAX_NVML_PROCESSES, Math.max(MIN_PROCESS_SAMPLES, this.u32.readUInt32LE(0) * 2))
        if (wanted * PROCESS_UTILIZATION_SIZE > this.processBuf.length) this.processBuf = Buffer.alloc(wanted * PROCESS_UTILIZATION_SIZE)
        this.u32.writeUInt32LE(this.processBuf.length / PROCESS_UTILIZATION_SIZE, 0)
        code = f(d.handle, this.processBuf, this.u32, since)
      }
      // NVML_ERROR_NOT_FOUND: no process sampled since `since`, an answer too (nobody used the GPU).
      if (code === NVML_SUCCESS || code === NVML_ERROR_NOT_FOUND) this.processesAnswered.add(d.index)
      else this.processesAnswered.delete(d.index)
      if (code !== NVML_SUCCESS) continue
      const newest = new Map<number, ReturnType<typeof decodeProcessUtilization>[number]>()
      let last = since
      // Never more samples than the buffer holds, whatever count came back with them.
      const filled = Math.min(this.u32.readUInt32LE(0), this.processBuf.length / PROCESS_UTILIZATION_SIZE)
      for (const s of decodeProcessUtilization(this.processBuf, filled)) {
        // A share NVML could not measure (0xFFFFFFFF %) or a PID 0 is no reading of a process.
        if (s.pid === 0 || s.smUtil > MAX_PERCENT || s.memUtil > MAX_PERCENT || s.encUtil > MAX_PERCENT || s.decUtil > MAX_PERCENT) continue
        if (s.timeStampUs > last) last = s.timeStampUs
        const seen = newest.get(s.pid)
        if (!seen || s.timeStampUs >= seen.timeStampUs) newest.set(s.pid, s)
      }
      this.lastSeenUs.set(d.index, last)
      for (const s of newest.values()) out.push({ gpuIndex: d.index, pid: s.pid, smUtil: s.smUtil, memUtil: s.memUtil, encUtil: s.encUtil, decUtil: s.decUtil })
    }
    return out
  }

  /**
   * For a reading skipped because every GPU was idle: the next reading looks back only to now, so a
   * process's share from before the idle spell is not reported as new.
   */
  skipProcessUtilization(): ProcessUtilization[] {
    const nowUs = BigInt(Date.now()) * 1000n
    for (const d of this.devices) this.lastSeenUs.set(d.index, nowUs)
    return []
  }

  /** Compute processes on one GPU with the memory each holds (nvidia-smi --query-compute-apps). */
  computeProcesses(device: NvmlDevice): ComputeProcess[] | null {
    const p = this.nvml.getComputeProcesses
    if (!p) return null
    let capacity = 32
    for (let attempt = 0; attempt < 3; attempt++) {
      const buf = Buffer.alloc(capacity * p.stride)
      this.u32.writeUInt32LE(capacity, 0)
      const code = p.fn(device.handle, this.u32, buf)
      if (code === NVML_SUCCESS) return decodeProcessInfos(buf, Math.min(this.u32.readUInt32LE(0), capacity), p.stride)
      if (code !== NVML_ERROR_INSUFFICIENT_SIZE) return null
      const needed = this.u32.readUInt32LE(0)
      if (needed > MAX_NVML_PROCESSES) return null
      capacity = needed + 8
    }
    return null
  }

  /** clocks_event_reasons.active as a mask (names: clocksEventReasonNames). */
  clocksEventReasons(device: NvmlDevice): bigint | null {
    const f = this.nvml.getClocksEventReasons
    if (!f) return null
    return f(device.handle, this.u64) === NVML_SUCCESS ? this.u64.readBigUInt64LE(0) : null
  }

  /** PCIe TX and RX in KB/s over NVML's own 20 ms window; runs on koffi's worker thread. */
  async pcieThroughput(device: NvmlDevice): Promise<{ txKBps: number | null; rxKBps: number | null }> {
    const f = this.nvml.pcieThroughputAsync
    if (!f) return { txKBps: null, rxKBps: null }
    const one = (counter: number) =>
      new Promise<number | null>((resolve) => {
        const value: number[] = [0]
        f(device.handle, counter, value, (error: unknown, code: number) => resolve(!error && code === NVML_SUCCESS ? value[0]! : null))
      })
    const [txKBps, rxKBps] = await Promise.all([one(NVML_PCIE_UTIL_TX_BYTES), one(NVML_PCIE_UTIL_RX_BYTES)])
    return { txKBps, rxKBps }
  }

  /** The PCIe link as it runs now (it trains down when idle): generation and lanes, or null where NVML does not say. */
  pcieLink(device: NvmlDevice): { generation: number; width: number } | null {
    const { getCurrPcieLinkGeneration: gen, getCurrPcieLinkWidth: width } = this.nvml
    if (!gen || !width || gen(device.handle, this.u32) !== NVML_SUCCESS) return null
    const generation = this.u32.readUInt32LE(0)
    if (width(device.handle, this.u32) !== NVML_SUCCESS) return null
    return { generation, width: this.u32.readUInt32LE(0) }
  }

  /** Whether this GPU has GPM metrics (Hopper and newer); asked once per GPU. */
  gpmSupported(device: NvmlDevice): boolean {
    const gpm = this.nvml.gpm
    if (!gpm) return false
    const known = this.gpmSupport.get(device.index)
    if (known !== undefined) return known
    const buf = Buffer.alloc(8)
    buf.writeUInt32LE(GPM_SUPPORT_VERSION, 0)
    const ok = gpm.querySupport(device.handle, buf) === NVML_SUCCESS && buf.readUInt32LE(4) !== 0
    this.gpmSupport.set(device.index, ok)
    return ok
  }

  /**
   * GPM's SM activity, SM occupancy, tensor activity and DRAM bandwidth between the previous call and
   * this one (device-wide, 0–100 %). Null on the first call (nothing to compare with yet) and where
   * the GPU has no GPM.
   */
  gpmMetrics(device: NvmlDevice): GpmReading | null {
    const gpm = this.nvml.gpm
    if (!gpm || this.closed || !this.gpmSupported(device)) return null
    let pair = this.gpmSamples.get(device.index)
    if (!pair) {
      const a: unknown[] = [null]
      const b: unknown[] = [null]
      if (gpm.sampleAlloc(a) !== NVML_SUCCESS) return null
      if (gpm.sampleAlloc(b) !== NVML_SUCCESS) {
        gpm.sampleFree(a[0])
        return null
      }
      pair = { last: a[0], next: b[0], primed: false }
      this.gpmSamples.set(device.index, pair)
    }
    if (gpm.sampleGet(device.handle, pair.next) !== NVML_SUCCESS) return null
    const primed = pair.primed
    ;[pair.last, pair.next] = [pair.next, pair.last]
    pair.primed = true
    if (!primed) return null
    encodeGpmRequest(this.gpmRequest, gpm.address(pair.next), gpm.address(pair.last))
    return gpm.metricsGet(this.gpmRequest) === NVML_SUCCESS ? decodeGpmReading(this.gpmRequest) : null
  }

  /** nvmlShutdown: NVML counts inits, so each open is paired with one shutdown (GPM samples freed first). */
  close(): void {
    if (this.closed) return
    this.closed = true
    for (const pair of this.gpmSamples.values()) {
      this.nvml.gpm?.sampleFree(pair.last)
      this.nvml.gpm?.sampleFree(pair.next)
    }
    this.gpmSamples.clear()
    this.nvml.shutdown()
  }
}
