import { XMLParser } from 'fast-xml-parser'

import type { GpuInfo, GpuProcess, GpuStatus, MigDevice } from '../../shared/gpu'
import { firstWord, smiBool, smiInt, smiNull, smiNumber } from './smi-values'

type XmlNode = Record<string, unknown>

const LISTS = new Set(['gpu', 'process_info', 'mig_device'])

function makeParser(): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => LISTS.has(name),
  })
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function node(parent: unknown, key: string): XmlNode | undefined {
  if (!isNode(parent)) return undefined
  const value = parent[key]
  return isNode(value) ? value : undefined
}

function list(parent: unknown, key: string): XmlNode[] {
  if (!isNode(parent)) return []
  const value = parent[key]
  return Array.isArray(value) ? value.filter(isNode) : []
}

/** The text at a path, e.g. `text(gpu, 'fb_memory_usage', 'total')`; null for a missing or non-text element. */
function text(parent: unknown, ...path: string[]): string | null {
  let current: unknown = parent
  for (const key of path) current = isNode(current) ? current[key] : undefined
  if (typeof current === 'string') return current
  if (typeof current === 'number') return String(current)
  if (isNode(current) && typeof current['#text'] === 'string') return current['#text']
  return null
}

function firstNumber(...values: (string | null)[]): number | null {
  for (const value of values) {
    const n = smiNumber(value)
    if (n !== null) return n
  }
  return null
}

/** The first value of `key` anywhere under `parent` (newer drivers nest the power limit deeper). */
function deep(parent: unknown, key: string): string | null {
  if (!isNode(parent)) return null
  const direct = text(parent, key)
  if (smiNull(direct) !== null) return direct
  for (const value of Object.values(parent)) {
    const found = deep(value, key)
    if (found !== null) return found
  }
  return null
}

function parseGpu(gpu: XmlNode, index: number): GpuInfo {
  const power = node(gpu, 'gpu_power_readings') ?? node(gpu, 'power_readings')
  return {
    index,
    name: smiNull(text(gpu, 'product_name')) ?? '',
    uuid: smiNull(text(gpu, 'uuid')),
    busId: smiNull(text(gpu, 'pci', 'pci_bus_id')) ?? smiNull(text(gpu, '@_id')),
    computeCapability: smiNull(text(gpu, 'compute_capability')),
    memoryTotalMiB: smiNumber(text(gpu, 'fb_memory_usage', 'total')),
    memoryUsedMiB: smiNumber(text(gpu, 'fb_memory_usage', 'used')),
    utilizationGpu: smiNumber(text(gpu, 'utilization', 'gpu_util')),
    utilizationMemory: smiNumber(text(gpu, 'utilization', 'memory_util')),
    temperatureC: smiNumber(text(gpu, 'temperature', 'gpu_temp')),
    powerW: firstNumber(text(power, 'power_draw'), text(power, 'average_power_draw'), text(power, 'instant_power_draw')),
    powerLimitW: firstNumber(deep(power, 'current_power_limit'), text(power, 'enforced_power_limit'), text(power, 'power_limit')),
    smClockMHz: smiNumber(text(gpu, 'clocks', 'sm_clock')),
    smClockMaxMHz: smiNumber(text(gpu, 'max_clocks', 'sm_clock')),
    persistenceMode: smiBool(text(gpu, 'persistence_mode')),
    migMode: smiBool(text(gpu, 'mig_mode', 'current_mig')),
    driverModel: smiNull(text(gpu, 'driver_model', 'current_dm')),
    pstate: smiNull(text(gpu, 'performance_state')),
    clocksEventReasons: null,
  }
}

function parseProcesses(gpu: XmlNode, gpuIndex: number): GpuProcess[] {
  return list(node(gpu, 'processes'), 'process_info').map((p) => ({
    gpuIndex,
    pid: smiInt(text(p, 'pid')),
    type: smiNull(text(p, 'type')),
    name: (text(p, 'process_name') ?? '').trim(),
    usedMemoryMiB: smiNumber(text(p, 'used_memory')),
    gpuInstanceId: smiInt(text(p, 'gpu_instance_id')),
    computeInstanceId: smiInt(text(p, 'compute_instance_id')),
    container: null,
  }))
}

function parseMigDevices(gpu: XmlNode, gpuIndex: number): MigDevice[] {
  return list(node(gpu, 'mig_devices'), 'mig_device').map((d) => ({
    gpuIndex,
    gpuInstanceId: smiInt(text(d, 'gpu_instance_id')),
    computeInstanceId: smiInt(text(d, 'compute_instance_id')),
    migIndex: smiInt(text(d, 'index')),
    memoryTotalMiB: smiNumber(text(d, 'fb_memory_usage', 'total')),
    memoryUsedMiB: smiNumber(text(d, 'fb_memory_usage', 'used')),
  }))
}

function emptyStatus(): GpuStatus {
  return { source: 'file', format: 'xml', driverVersion: null, cudaVersion: null, gpus: [], processes: [], migDevices: [] }
}

/**
 * Parses `nvidia-smi -q -x` (format 'xml', source 'file'), with or without a DOCTYPE. GPUs are
 * numbered in document order, nvidia-smi's own order (`<minor_number>` is not the index).
 * Never throws: text that is not nvidia-smi XML gives a status with no GPUs.
 */
export function parseSmiQueryXml(xml: string): GpuStatus {
  let doc: unknown
  try {
    doc = makeParser().parse(xml)
  } catch {
    return emptyStatus()
  }
  const log = node(doc, 'nvidia_smi_log')
  if (!log) return emptyStatus()
  const processes: GpuProcess[] = []
  const migDevices: MigDevice[] = []
  const gpus = list(log, 'gpu').map((gpu, index) => {
    processes.push(...parseProcesses(gpu, index))
    migDevices.push(...parseMigDevices(gpu, index))
    return parseGpu(gpu, index)
  })
  return {
    ...emptyStatus(),
    driverVersion: firstWord(text(log, 'kmd_version')) ?? firstWord(text(log, 'driver_version')),
    cudaVersion: firstWord(text(log, 'cuda_umd_version')) ?? firstWord(text(log, 'cuda_version')),
    gpus,
    processes,
    migDevices,
  }
}
