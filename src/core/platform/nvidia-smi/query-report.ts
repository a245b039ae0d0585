import type { GpuInfo, MigDevice } from '../../../shared/gpu'
import { firstWord, smiBool, smiInt, smiNull, smiNumber } from './smi-values'
import { oneLine } from '../../../shared/one-line'

/**
 * `nvidia-smi -q` (indented text) and `nvidia-smi -q -x` (XML) are one report in two syntaxes. Each
 * parser builds its own tree and describes it with this interface; what each GPU fact is called
 * in either syntax, and how it becomes a GpuInfo, lives once, below.
 */
export interface ReportTree<N> {
  /** The child of `node` named `name` (case-insensitive in text, exact in XML). */
  child(node: N | undefined, name: string): N | undefined
  /** Every child of `node` with its name, for searching deeper. */
  entries(node: N | undefined): (readonly [string, N])[]
  /** The text a node holds, or null for a section. */
  value(node: N | undefined): string | null
}

type Path = readonly string[]

/** The names of one report syntax. Paths run from the GPU node (or the process, MIG device, root). */
export interface ReportNames {
  driverVersion: Path[]
  cudaVersion: Path[]
  name: Path
  uuid: Path
  busId: Path
  computeCapability: Path
  memoryTotal: Path
  memoryUsed: Path
  utilizationGpu: Path
  utilizationMemory: Path
  temperature: Path
  /** The power section moved from `Power Readings` to `GPU Power Readings` (R535). */
  powerSections: Path
  powerDraw: Path
  /** Searched anywhere under the power section: 610 nests the current limit one level deeper. */
  powerLimit: Path
  smClock: Path
  smClockMax: Path
  persistenceMode: Path
  migMode: Path
  driverModel: Path
  pstate: Path
  processType: Path
  processName: Path
  processMemory: Path
  migGpuInstanceId: Path
  migComputeInstanceId: Path
  migIndex: Path
  migMemoryTotal: Path
  migMemoryUsed: Path
}

/** Each fact's name in `-q` text (left) and in `-q -x` XML (right). */
const SIDE_BY_SIDE: { [K in keyof ReportNames]: readonly [text: ReportNames[K], xml: ReportNames[K]] } = {
  driverVersion: [[['KMD Version'], ['Driver Version']], [['kmd_version'], ['driver_version']]],
  cudaVersion: [[['CUDA UMD Version'], ['CUDA Version']], [['cuda_umd_version'], ['cuda_version']]],
  name: [['Product Name'], ['product_name']],
  uuid: [['GPU UUID'], ['uuid']],
  busId: [['PCI', 'Bus Id'], ['pci', 'pci_bus_id']],
  computeCapability: [['Compute Capability'], ['compute_capability']],
  memoryTotal: [['FB Memory Usage', 'Total'], ['fb_memory_usage', 'total']],
  memoryUsed: [['FB Memory Usage', 'Used'], ['fb_memory_usage', 'used']],
  utilizationGpu: [['Utilization', 'GPU'], ['utilization', 'gpu_util']],
  utilizationMemory: [['Utilization', 'Memory'], ['utilization', 'memory_util']],
  temperature: [['Temperature', 'GPU Current Temp'], ['temperature', 'gpu_temp']],
  powerSections: [['GPU Power Readings', 'Power Readings'], ['gpu_power_readings', 'power_readings']],
  powerDraw: [['Power Draw', 'Average Power Draw', 'Instantaneous Power Draw'], ['power_draw', 'average_power_draw', 'instant_power_draw']],
  powerLimit: [['Current Power Limit', 'Enforced Power Limit', 'Power Limit'], ['current_power_limit', 'enforced_power_limit', 'power_limit']],
  smClock: [['Clocks', 'SM'], ['clocks', 'sm_clock']],
  smClockMax: [['Max Clocks', 'SM'], ['max_clocks', 'sm_clock']],
  persistenceMode: [['Persistence Mode'], ['persistence_mode']],
  migMode: [['MIG Mode', 'Current'], ['mig_mode', 'current_mig']],
  driverModel: [['Driver Model', 'Current'], ['driver_model', 'current_dm']],
  pstate: [['Performance State'], ['performance_state']],
  processType: [['Type'], ['type']],
  processName: [['Name'], ['process_name']],
  processMemory: [['Used GPU Memory'], ['used_memory']],
  migGpuInstanceId: [['GPU Instance ID'], ['gpu_instance_id']],
  migComputeInstanceId: [['Compute Instance ID'], ['compute_instance_id']],
  migIndex: [['Index'], ['index']],
  migMemoryTotal: [['FB Memory Usage', 'Total'], ['fb_memory_usage', 'total']],
  migMemoryUsed: [['FB Memory Usage', 'Used'], ['fb_memory_usage', 'used']],
}

function column(side: 0 | 1): ReportNames {
  return Object.fromEntries(Object.entries(SIDE_BY_SIDE).map(([key, names]) => [key, names[side]])) as unknown as ReportNames
}

export const TEXT_NAMES = column(0)
export const XML_NAMES = column(1)

/** Reads one report tree with one set of names. */
export class ReportReader<N> {
  constructor(
    private readonly tree: ReportTree<N>,
    readonly names: ReportNames,
  ) {}

  at(node: N | undefined, path: Path): string | null {
    let current = node
    for (const key of path) current = this.tree.child(current, key)
    return this.tree.value(current)
  }

  /** The first meaningful value named `key` anywhere under `node`. */
  find(node: N | undefined, key: string): string | null {
    const lower = key.toLowerCase()
    for (const [name, c] of this.tree.entries(node)) {
      const value = name.toLowerCase() === lower ? this.tree.value(c) : null
      if (smiNull(value) !== null) return value
      const deeper = this.find(c, key)
      if (deeper !== null) return deeper
    }
    return null
  }

  versions(root: N | undefined): { driverVersion: string | null; cudaVersion: string | null } {
    const first = (paths: Path[]) => paths.map((p) => firstWord(this.at(root, p))).find((v) => v !== null) ?? null
    return { driverVersion: first(this.names.driverVersion), cudaVersion: first(this.names.cudaVersion) }
  }

  gpu(gpu: N, index: number, busIdFallback: string | null): GpuInfo {
    const n = this.names
    const power = n.powerSections.map((s) => this.tree.child(gpu, s)).find((s) => s !== undefined)
    const firstNumber = (values: (string | null)[]) => values.map(smiNumber).find((v) => v !== null) ?? null
    return {
      index,
      name: smiNull(this.at(gpu, n.name)) ?? '',
      uuid: smiNull(this.at(gpu, n.uuid)),
      busId: smiNull(this.at(gpu, n.busId)) ?? smiNull(busIdFallback),
      computeCapability: smiNull(this.at(gpu, n.computeCapability)),
      memoryTotalMiB: smiNumber(this.at(gpu, n.memoryTotal)),
      memoryUsedMiB: smiNumber(this.at(gpu, n.memoryUsed)),
      utilizationGpu: smiNumber(this.at(gpu, n.utilizationGpu)),
      utilizationMemory: smiNumber(this.at(gpu, n.utilizationMemory)),
      temperatureC: smiNumber(this.at(gpu, n.temperature)),
      powerW: firstNumber(n.powerDraw.map((key) => this.at(power, [key]))),
      powerLimitW: firstNumber(n.powerLimit.map((key) => this.find(power, key))),
      smClockMHz: smiNumber(this.at(gpu, n.smClock)),
      smClockMaxMHz: smiNumber(this.at(gpu, n.smClockMax)),
      persistenceMode: smiBool(this.at(gpu, n.persistenceMode)),
      migMode: smiBool(this.at(gpu, n.migMode)),
      driverModel: smiNull(this.at(gpu, n.driverModel)),
      pstate: smiNull(this.at(gpu, n.pstate)),
      clocksEventReasons: null,
    }
  }

  /** A process' type, name and memory (where its PID and instance ids sit differs by syntax). */
  processDetails(process: N): { type: string | null; name: string; usedMemoryMiB: number | null } {
    const n = this.names
    return {
      type: smiNull(this.at(process, n.processType)),
      name: oneLine((this.at(process, n.processName) ?? '').trim()),
      usedMemoryMiB: smiNumber(this.at(process, n.processMemory)),
    }
  }

  migDevice(device: N, gpuIndex: number): MigDevice {
    const n = this.names
    return {
      gpuIndex,
      gpuInstanceId: smiInt(this.at(device, n.migGpuInstanceId)),
      computeInstanceId: smiInt(this.at(device, n.migComputeInstanceId)),
      migIndex: smiInt(this.at(device, n.migIndex)),
      memoryTotalMiB: smiNumber(this.at(device, n.migMemoryTotal)),
      memoryUsedMiB: smiNumber(this.at(device, n.migMemoryUsed)),
    }
  }
}
