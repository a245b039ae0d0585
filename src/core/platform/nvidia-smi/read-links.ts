import { runProcess } from '../process/run-process'
import { locateNvidiaSmi } from './locate'
import { parseNvlinkStatus, type NvlinkState } from './parse-nvlink'
import { parseTopo, type TopoMatrix } from './parse-topo'

export interface PcieLink {
  index: number
  uuid: string | null
  genMax: number | null
  genCurrent: number | null
  widthMax: number | null
  widthCurrent: number | null
}

/** What nvidia-smi says about the links between GPUs; each part null when its command failed (`problems` says how). */
export interface LinkFacts {
  topo: TopoMatrix | null
  nvlink: NvlinkState[] | null
  pcie: PcieLink[]
  /** "nvidia-smi topo -m: exit 2: …", one per command that failed. */
  problems: string[]
  /** The raw topology matrix as printed, for the evidence. */
  topoText: string | null
}

const PCIE_FIELDS = 'index,uuid,pcie.link.gen.max,pcie.link.gen.current,pcie.link.width.max,pcie.link.width.current'
const num = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null)

/** Runs `topo -m`, `nvlink -s` and a PCIe link query, each with a deadline; never throws. */
export async function readLinkFacts(options: { nvidiaSmiPath?: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal; timeoutMs?: number }): Promise<LinkFacts> {
  const smi = locateNvidiaSmi({ explicitPath: options.nvidiaSmiPath, env: options.env }).path ?? 'nvidia-smi'
  const run = (args: string[]) => runProcess(smi, args, { timeoutMs: options.timeoutMs ?? 10_000, env: options.env, signal: options.signal })
  const [topo, nvlink, pcie] = await Promise.all([run(['topo', '-m']), run(['nvlink', '-s']), run([`--query-gpu=${PCIE_FIELDS}`, '--format=csv,noheader,nounits'])])
  const problems: string[] = []
  const ok = (r: Awaited<ReturnType<typeof run>>, what: string) => {
    if (r.exitCode === 0 && !r.timedOut) return true
    const said = (r.stdout + r.stderr).trim().split('\n')[0] ?? ''
    problems.push(`nvidia-smi ${what}: ${r.timedOut ? 'timed out' : r.spawnError ? r.spawnError.message : `exit ${r.exitCode}`}${said ? `: ${said.slice(0, 200)}` : ''}`)
    return false
  }
  const matrix = ok(topo, 'topo -m') ? parseTopo(topo.stdout) : null
  const links = ok(nvlink, 'nvlink -s') ? parseNvlinkStatus(nvlink.stdout) : null
  const rows = ok(pcie, 'PCIe link query')
    ? pcie.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(',').map((c) => c.trim()))
        .filter((c) => c.length >= 6 && /^\d+$/.test(c[0]!))
        .map((c) => ({ index: Number(c[0]), uuid: c[1] || null, genMax: num(c[2]), genCurrent: num(c[3]), widthMax: num(c[4]), widthCurrent: num(c[5]) }))
    : []
  return { topo: matrix, nvlink: links, pcie: rows, problems, topoText: matrix ? topo.stdout.slice(0, 8000) : null }
}
