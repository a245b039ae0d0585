// Builds and runs scripts/bench/nvml-floor.c for `npm run bench`: the same wake-up (and NVML reads)
// as the Node rows, in C, so each run shows the floor its target is judged against.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const SOURCE = 'scripts/bench/nvml-floor.c'

/** The compiled program's path, or why there is none (no C compiler is not an error for the bench). */
export function buildNvmlFloor(outDir) {
  const binary = join(outDir, 'nvml-floor')
  const compilers = process.env.CC ? [process.env.CC] : ['cc', 'gcc']
  for (const compiler of compilers) {
    try {
      execFileSync(compiler, ['-O2', '-o', binary, SOURCE, '-ldl'], { stdio: 'pipe', timeout: 60_000 })
      return { binary }
    } catch (error) {
      if (error.code !== 'ENOENT') return { unavailable: `${SOURCE} did not compile: ${String(error.stderr ?? error.message).split('\n')[0]}` }
    }
  }
  return { unavailable: `no C compiler (${compilers.join(', ')}) on PATH` }
}

/** One bench row from the C loop; `unavailable` says why when it cannot run here. */
export function floorRow(floor, mode, samples, intervalMs, label) {
  if (floor.unavailable) return { mode: `floor-${mode}`, label, samples: 0, cpuMsPerSample: null, wallMsPerSample: null, unavailable: floor.unavailable, short: 'not measured' }
  const r = JSON.parse(execFileSync(floor.binary, [mode, String(samples), String(intervalMs)], { encoding: 'utf8', timeout: 300_000 }).trim())
  if (r.unavailable) return { mode: `floor-${mode}`, label, samples: 0, cpuMsPerSample: null, wallMsPerSample: null, unavailable: r.unavailable, short: 'NVML not available' }
  return { ...r, label, cpuMsPerSample: r.selfCpuMs / r.samples, wallMsPerSample: r.wallMs / r.samples }
}
