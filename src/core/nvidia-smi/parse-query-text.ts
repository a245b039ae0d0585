import type { GpuInfo, GpuProcess, GpuStatus, MigDevice } from '../../shared/gpu'
import { firstWord, smiBool, smiInt, smiNull, smiNumber } from './smi-values'

/** One line of `nvidia-smi -q`: `Key : value`, or a section title whose children are indented below it. */
interface QNode {
  key: string
  value: string | null
  children: QNode[]
}

// The key ends at the first colon with a space before it: `GPU 00000000:18:00.0` is a title, not a pair.
const PAIR = /^(\S.*?)\s+:(?:\s(.*))?$/

function buildTree(text: string): QNode {
  const root: QNode = { key: '', value: null, children: [] }
  const stack: { indent: number; node: QNode }[] = [{ indent: -1, node: root }]
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const content = raw.trim()
    if (content === '' || /^=+NVSMI LOG=+$/.test(content)) continue
    const indent = raw.length - raw.trimStart().length
    const pair = PAIR.exec(content)
    const node: QNode = pair
      ? { key: (pair[1] ?? '').trim(), value: (pair[2] ?? '').trim(), children: [] }
      : { key: content, value: null, children: [] }
    while (stack.length > 1 && (stack[stack.length - 1]?.indent ?? -1) >= indent) stack.pop()
    stack[stack.length - 1]?.node.children.push(node)
    stack.push({ indent, node })
  }
  return root
}

function child(node: QNode | undefined, key: string): QNode | undefined {
  const lower = key.toLowerCase()
  return node?.children.find((c) => c.key.toLowerCase() === lower)
}

/** The value at a path of keys, e.g. `get(gpu, 'FB Memory Usage', 'Total')`. */
function get(node: QNode | undefined, ...path: string[]): string | null {
  let current = node
  for (const key of path) current = child(current, key)
  return current?.value ?? null
}

/** The first value of `key` anywhere under `node` (610 nests the power limit one level deeper). */
function find(node: QNode | undefined, key: string): string | null {
  if (!node) return null
  const lower = key.toLowerCase()
  for (const c of node.children) {
    if (c.key.toLowerCase() === lower && smiNull(c.value) !== null) return c.value
    const deeper = find(c, key)
    if (deeper !== null) return deeper
  }
  return null
}

function firstNumber(...values: (string | null)[]): number | null {
  for (const value of values) {
    const n = smiNumber(value)
    if (n !== null) return n
  }
  return null
}

function powerSection(gpu: QNode): QNode | undefined {
  return child(gpu, 'GPU Power Readings') ?? child(gpu, 'Power Readings')
}

function parseGpu(gpu: QNode, index: number): GpuInfo {
  const power = powerSection(gpu)
  const busFromTitle = /^GPU\s+(\S+)/.exec(gpu.key)?.[1] ?? null
  return {
    index,
    name: smiNull(get(gpu, 'Product Name')) ?? '',
    uuid: smiNull(get(gpu, 'GPU UUID')),
    busId: smiNull(get(gpu, 'PCI', 'Bus Id')) ?? busFromTitle,
    computeCapability: smiNull(get(gpu, 'Compute Capability')),
    memoryTotalMiB: smiNumber(get(gpu, 'FB Memory Usage', 'Total')),
    memoryUsedMiB: smiNumber(get(gpu, 'FB Memory Usage', 'Used')),
    utilizationGpu: smiNumber(get(gpu, 'Utilization', 'GPU')),
    utilizationMemory: smiNumber(get(gpu, 'Utilization', 'Memory')),
    temperatureC: smiNumber(get(gpu, 'Temperature', 'GPU Current Temp')),
    powerW: firstNumber(
      get(power, 'Power Draw'),
      get(power, 'Average Power Draw'),
      get(power, 'Instantaneous Power Draw'),
    ),
    powerLimitW: firstNumber(find(power, 'Current Power Limit'), find(power, 'Enforced Power Limit'), get(power, 'Power Limit')),
    smClockMHz: smiNumber(get(gpu, 'Clocks', 'SM')),
    smClockMaxMHz: smiNumber(get(gpu, 'Max Clocks', 'SM')),
    persistenceMode: smiBool(get(gpu, 'Persistence Mode')),
    migMode: smiBool(get(gpu, 'MIG Mode', 'Current')),
    driverModel: smiNull(get(gpu, 'Driver Model', 'Current')),
    pstate: smiNull(get(gpu, 'Performance State')),
    clocksEventReasons: null,
  }
}

/**
 * `Processes` lists `GPU instance ID`, `Compute instance ID` and `Process ID` as siblings, with the
 * type, name and memory indented under the PID; older drivers print only the `Process ID` part.
 */
function parseProcesses(gpu: QNode, gpuIndex: number): GpuProcess[] {
  const section = child(gpu, 'Processes')
  if (!section) return []
  const processes: GpuProcess[] = []
  let gi: number | null = null
  let ci: number | null = null
  for (const entry of section.children) {
    const key = entry.key.toLowerCase()
    if (key === 'gpu instance id') gi = smiInt(entry.value)
    else if (key === 'compute instance id') ci = smiInt(entry.value)
    else if (key === 'process id') {
      processes.push({
        gpuIndex,
        pid: smiInt(entry.value),
        type: smiNull(get(entry, 'Type')),
        name: (get(entry, 'Name') ?? '').trim(),
        usedMemoryMiB: smiNumber(get(entry, 'Used GPU Memory')),
        gpuInstanceId: gi,
        computeInstanceId: ci,
        container: null,
      })
      gi = null
      ci = null
    }
  }
  return processes
}

function parseMigDevices(gpu: QNode, gpuIndex: number): MigDevice[] {
  const section = child(gpu, 'MIG Devices')
  if (!section) return []
  return section.children
    .filter((c) => c.key.toLowerCase() === 'mig device')
    .map((device) => ({
      gpuIndex,
      gpuInstanceId: smiInt(get(device, 'GPU Instance ID')),
      computeInstanceId: smiInt(get(device, 'Compute Instance ID')),
      migIndex: smiInt(get(device, 'Index')),
      memoryTotalMiB: smiNumber(get(device, 'FB Memory Usage', 'Total')),
      memoryUsedMiB: smiNumber(get(device, 'FB Memory Usage', 'Used')),
    }))
}

/**
 * Parses `nvidia-smi -q` (format 'q', source 'file'). `-q` prints no GPU index: GPUs are numbered
 * in the order printed, which is nvidia-smi's own order (with `-i N` the single GPU becomes 0).
 * 610+ marks `Driver Version` deprecated in place; `KMD Version` wins when present. Never throws.
 */
export function parseSmiQueryText(text: string): GpuStatus {
  const root = buildTree(text)
  const gpuNodes = root.children.filter((c) => c.value === null && /^GPU\s+[0-9A-Fa-f]+:[0-9A-Fa-f]+:/.test(c.key))
  const processes: GpuProcess[] = []
  const migDevices: MigDevice[] = []
  const gpus = gpuNodes.map((node, index) => {
    processes.push(...parseProcesses(node, index))
    migDevices.push(...parseMigDevices(node, index))
    return parseGpu(node, index)
  })
  return {
    source: 'file',
    format: 'q',
    driverVersion: firstWord(get(root, 'KMD Version')) ?? firstWord(get(root, 'Driver Version')),
    cudaVersion: firstWord(get(root, 'CUDA UMD Version')) ?? firstWord(get(root, 'CUDA Version')),
    gpus,
    processes,
    migDevices,
  }
}
