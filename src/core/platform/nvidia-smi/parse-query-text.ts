import type { GpuProcess, GpuStatus, MigDevice } from '../../../shared/gpu'
import { ReportReader, TEXT_NAMES } from './query-report'
import { smiInt } from './smi-values'

/** One line of `nvidia-smi -q`: `Key : value`, or a section title whose children are indented below it. */
interface QNode {
  key: string
  value: string | null
  children: QNode[]
}

// The key ends at the first colon with a space before it: `GPU 00000000:18:00.0` is a title, not a pair. The blanks
// before the colon are tried from the start of their run only (`(?<!\s)`), the value is the rest of the line whatever
// it holds (`[^]`): `(.*)` stopped at a stray line separator and every blank of a long run was tried (quadratic).
const PAIR = /^(\S.*?)(?<!\s)\s+:(?:\s([^]*))?$/

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

const reader = new ReportReader<QNode>(
  { child, entries: (node) => (node?.children ?? []).map((c) => [c.key, c] as const), value: (node) => node?.value ?? null },
  TEXT_NAMES,
)

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
        ...reader.processDetails(entry),
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
  return section.children.filter((c) => c.key.toLowerCase() === 'mig device').map((device) => reader.migDevice(device, gpuIndex))
}

/** The report's tree, its reader and its GPU sections in order, for readers of other facts (health). */
export function queryTextGpus(text: string): { reader: ReportReader<QNode>; root: QNode; gpus: QNode[] } {
  const root = buildTree(text)
  return { reader, root, gpus: root.children.filter((c) => c.value === null && /^GPU\s+[0-9A-Fa-f]+:[0-9A-Fa-f]+:/.test(c.key)) }
}

/**
 * Parses `nvidia-smi -q` (format 'q', source 'file'). `-q` prints no GPU index: GPUs are numbered
 * in the order printed, which is nvidia-smi's own order (with `-i N` the single GPU becomes 0).
 * 610+ marks `Driver Version` deprecated in place; `KMD Version` wins when present. Never throws.
 */
export function parseSmiQueryText(text: string): GpuStatus {
  const { root, gpus: gpuNodes } = queryTextGpus(text)
  const processes: GpuProcess[] = []
  const migDevices: MigDevice[] = []
  const gpus = gpuNodes.map((node, index) => {
    processes.push(...parseProcesses(node, index))
    migDevices.push(...parseMigDevices(node, index))
    // The section title is the bus id (`GPU 00000000:18:00.0`) when the PCI section lacks one.
    return reader.gpu(node, index, /^GPU\s+(\S+)/.exec(node.key)?.[1] ?? null)
  })
  return {
    source: 'file',
    format: 'q',
    ...reader.versions(root),
    gpus,
    processes,
    migDevices,
  }
}
