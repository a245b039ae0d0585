/**
 * `nvidia-smi topo -m`: how each pair of GPUs is connected and each GPU's CPU and NUMA affinity.
 * Legend (nvidia-smi): X self; NV# a bonded set of # NVLinks; PIX at most one PCIe bridge; PXB several
 * PCIe bridges; PHB a PCIe host bridge; NODE PCIe and host bridges within a NUMA node; SYS across NUMA
 * nodes (QPI/UPI). Rows for NICs (NIC0, mlx5_0) are kept out.
 */
export interface TopoMatrix {
  /** nvidia-smi's GPU indices, in the matrix's order. */
  gpus: number[]
  /** link[i][j]: "X", "NV18", "PIX", "SYS", … between gpus[i] and gpus[j]. */
  link: string[][]
  cpuAffinity: Array<string | null>
  numaAffinity: Array<string | null>
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g

export function parseTopo(text: string): TopoMatrix | null {
  const lines = text.replace(ANSI, '').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('$ ') && !/^\[exit/.test(l))
  // The header row starts with a tab (an empty corner cell); GPU rows start with their name.
  const headerAt = lines.findIndex((l) => l.split('\t')[0]!.trim() === '' && l.split('\t').some((c) => c.trim() === 'GPU0'))
  if (headerAt < 0) return null
  const columns = lines[headerAt]!.split('\t').slice(1).map((c) => c.trim())
  const gpuColumns = columns.filter((c) => /^GPU\d+$/.test(c))
  const cpuCol = columns.indexOf('CPU Affinity')
  const numaCol = columns.indexOf('NUMA Affinity')
  const gpus: number[] = []
  const link: string[][] = []
  const cpuAffinity: Array<string | null> = []
  const numaAffinity: Array<string | null> = []
  for (const line of lines.slice(headerAt + 1)) {
    const cells = line.split('\t').map((c) => c.trim())
    const name = cells[0] ?? ''
    if (!/^GPU\d+$/.test(name)) {
      if (/^Legend/i.test(name)) break
      continue
    }
    const values = cells.slice(1)
    gpus.push(Number(name.slice(3)))
    link.push(gpuColumns.map((_, i) => values[i] ?? '?'))
    cpuAffinity.push(cpuCol >= 0 ? values[cpuCol] || null : null)
    numaAffinity.push(numaCol >= 0 ? values[numaCol] || null : null)
  }
  return gpus.length > 0 ? { gpus, link, cpuAffinity, numaAffinity } : null
}

/** The number of NVLinks of an "NV18" cell; 0 for a PCIe path. */
export function nvlinkCount(cell: string): number {
  const m = /^NV(\d+)$/.exec(cell.trim())
  return m ? Number(m[1]) : 0
}

/** "0-31,64-95" → the CPUs it names; null when it names none (N/A). */
export function cpuList(text: string | null): number[] | null {
  if (!text || !/\d/.test(text)) return null
  const out: number[] = []
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part)
    if (!m) return null
    const from = Number(m[1])
    const to = m[2] !== undefined ? Number(m[2]) : from
    for (let c = from; c <= to && out.length < 65536; c++) out.push(c)
  }
  return out
}
