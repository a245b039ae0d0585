import { readFile } from 'node:fs/promises'

/** A process's cgroup CPU limit and how long it has been throttled so far. */
export interface CgroupCpu {
  /** CPUs the cgroup may use (quota / period); null when unlimited. */
  cpuLimit: number | null
  /** Total time throttled, in microseconds; null when the kernel does not say. */
  throttledUsec: number | null
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch {
    return null
  }
}

/** `cpu.max` of cgroup v2: "max 100000" (unlimited) or "200000 100000" (2 CPUs). */
export function parseCpuMax(text: string): number | null {
  const [quota, period] = text.trim().split(/\s+/)
  const q = Number(quota)
  const p = Number(period)
  return quota === 'max' || !Number.isFinite(q) || !Number.isFinite(p) || p <= 0 || q <= 0 ? null : q / p
}

/** `throttled_usec` (v2) or `throttled_time` in ns (v1) of a cpu.stat file. */
export function parseThrottledUsec(text: string): number | null {
  const v2 = /^throttled_usec (\d+)$/m.exec(text)
  if (v2) return Number(v2[1])
  const v1 = /^throttled_time (\d+)$/m.exec(text)
  return v1 ? Number(v1[1]) / 1000 : null
}

/**
 * Reads the CPU limit of the cgroup a process runs in (a container's `--cpus`, a Slurm or systemd
 * limit). cgroup v2 (`0::/path`) and v1 (`N:cpu,cpuacct:/path`); all null where nothing is readable.
 */
export async function readCgroupCpu(pid: number, proc = '/proc', root = '/sys/fs/cgroup'): Promise<CgroupCpu> {
  const cgroup = (await readText(`${proc}/${pid}/cgroup`)) ?? ''
  // A hybrid host lists both a v2 line (`0::/`) and v1 controllers: the v1 cpu controller wins when it is mounted.
  const v1 = /^\d+:([^:]*\bcpu\b[^:]*):(.*)$/m.exec(cgroup)
  if (v1) {
    const dir = `${root}/${v1[1]}${v1[2] === '/' ? '' : v1[2]}`
    const quota = await readText(`${dir}/cpu.cfs_quota_us`)
    const period = await readText(`${dir}/cpu.cfs_period_us`)
    const stat = await readText(`${dir}/cpu.stat`)
    if (quota !== null || stat !== null) {
      const limit = quota && period ? parseCpuMax(`${quota.trim() === '-1' ? 'max' : quota.trim()} ${period.trim()}`) : null
      return { cpuLimit: limit, throttledUsec: stat ? parseThrottledUsec(stat) : null }
    }
  }
  const v2 = /^0::(.*)$/m.exec(cgroup)
  if (v2) {
    const dir = `${root}${v2[1] === '/' ? '' : v2[1]}`
    const max = await readText(`${dir}/cpu.max`)
    const stat = await readText(`${dir}/cpu.stat`)
    return { cpuLimit: max ? parseCpuMax(max) : null, throttledUsec: stat ? parseThrottledUsec(stat) : null }
  }
  return { cpuLimit: null, throttledUsec: null }
}
