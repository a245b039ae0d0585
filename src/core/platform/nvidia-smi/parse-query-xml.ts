import { XMLParser } from 'fast-xml-parser'

import type { GpuProcess, GpuStatus, MigDevice } from '../../../shared/gpu'
import { ReportReader, XML_NAMES } from './query-report'
import { smiInt } from './smi-values'
import { foreignDoctype } from './xml-doctype'

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

const reader = new ReportReader<unknown>(
  {
    child: (parent, key) => (isNode(parent) ? parent[key] : undefined),
    entries: (parent) => (isNode(parent) ? Object.entries(parent) : []),
    value: text,
  },
  XML_NAMES,
)

function parseProcesses(gpu: XmlNode, gpuIndex: number): GpuProcess[] {
  return list(node(gpu, 'processes'), 'process_info').map((p) => ({
    gpuIndex,
    pid: smiInt(text(p, 'pid')),
    ...reader.processDetails(p),
    gpuInstanceId: smiInt(text(p, 'gpu_instance_id')),
    computeInstanceId: smiInt(text(p, 'compute_instance_id')),
    container: null,
  }))
}

function emptyStatus(): GpuStatus {
  return { source: 'file', format: 'xml', driverVersion: null, cudaVersion: null, gpus: [], processes: [], migDevices: [] }
}

/** The report's root, its reader and its GPU elements in order (null when it is not nvidia-smi XML). */
export function queryXmlGpus(xml: string): { reader: ReportReader<unknown>; root: XmlNode; gpus: XmlNode[] } | null {
  // Entities a file declares would become field values: such XML is not nvidia-smi's, whoever reads it.
  if (foreignDoctype(xml)) return null
  let doc: unknown
  try {
    doc = makeParser().parse(xml)
  } catch {
    return null
  }
  const root = node(doc, 'nvidia_smi_log')
  return root ? { reader, root, gpus: list(root, 'gpu') } : null
}

/**
 * Parses `nvidia-smi -q -x` (format 'xml', source 'file'), with or without a DOCTYPE. GPUs are
 * numbered in document order, nvidia-smi's own order (`<minor_number>` is not the index).
 * Never throws: text that is not nvidia-smi XML gives a status with no GPUs.
 */
export function parseSmiQueryXml(xml: string): GpuStatus {
  const found = queryXmlGpus(xml)
  if (!found) return emptyStatus()
  const log = found.root
  const processes: GpuProcess[] = []
  const migDevices: MigDevice[] = []
  const gpus = list(log, 'gpu').map((gpu, index) => {
    processes.push(...parseProcesses(gpu, index))
    migDevices.push(...list(node(gpu, 'mig_devices'), 'mig_device').map((d) => reader.migDevice(d, index)))
    return reader.gpu(gpu, index, text(gpu, '@_id'))
  })
  return {
    ...emptyStatus(),
    ...reader.versions(log),
    gpus,
    processes,
    migDevices,
  }
}
