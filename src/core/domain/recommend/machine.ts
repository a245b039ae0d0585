import type { CompatData, GpuRow } from '../../../shared/compat-data'
import type { RecommendInputEcho } from '../../../shared/recommend'
import { smOf } from '../../knowledge/compat/arch-list'
import { cudaMinor, highestCudaForDriver, newestDriverCuda } from '../../knowledge/compat/driver'
import { isKnownComputeCapability, knownComputeCapabilities } from '../../knowledge/compat/compute-capabilities'
import { resolveGpuName } from '../../knowledge/compat/gpu-names'
import { reason } from './reasons'
import type { DriverFacts, Machine, MachineGpu, Reason, RecommendInput } from './types'

const CC = /^\d{1,2}\.\d$/

function driverFacts(input: RecommendInput, data: CompatData, platform: Machine['platform'], tegra: boolean): DriverFacts {
  const version = input.driverVersion?.trim() || null
  // nvidia-smi's own "CUDA Version" first: on a Jetson it is the only reliable number.
  const banner = cudaMinor(input.highestCuda)
  if (banner) return { version, highestCuda: banner, source: 'nvidia-smi', mark: 'P', belowCuda: null }
  if (!version) return { version: null, highestCuda: newestDriverCuda(data), source: 'assumed', mark: 'P', belowCuda: null }
  if (tegra) return tegraDriverFacts(version, data)
  const derived = highestCudaForDriver(data, version, platform)
  return {
    version,
    highestCuda: derived?.cuda ?? null,
    source: 'driver-table',
    mark: derived?.mark ?? 'P',
    belowCuda: derived?.belowCuda ?? null,
  }
}

/**
 * A Jetson's driver is numbered <branch>.00 (Thor on JetPack 7.0: 580.00 with CUDA 13.0), below
 * every desktop build of its branch: only the branch number means anything. Its CUDA is the branch's.
 */
function tegraDriverFacts(version: string, data: CompatData): DriverFacts {
  const branch = Number(version.split('.')[0])
  const rows = data.branches.branches
  const i = rows.findIndex((b) => b.branch === branch)
  const row = i >= 0 ? rows[i]! : [...rows].reverse().find((b) => b.branch < branch)
  return {
    version,
    highestCuda: row?.cuda ?? null,
    source: 'driver-table',
    // Reading a Jetson driver by its branch is an inference from the capture, not a published table.
    mark: 'S',
    belowCuda: row ? (rows[rows.indexOf(row) - 1]?.cuda ?? null) : null,
  }
}

/** A GPU that only comes in Arm machines decides the architecture; else --arch or the host; else x86_64. */
function cpuArchOf(input: RecommendInput, rows: ReadonlyArray<{ hostArch?: 'aarch64' }>): Pick<Machine, 'cpuArch' | 'cpuArchSource'> {
  if (input.cpuArch && input.cpuArchSource === 'flag') return { cpuArch: input.cpuArch, cpuArchSource: 'flag' }
  if (rows.some((r) => r.hostArch === 'aarch64')) return { cpuArch: 'aarch64', cpuArchSource: 'gpu' }
  if (input.cpuArch) return { cpuArch: input.cpuArch, cpuArchSource: 'host' }
  return { cpuArch: 'x86_64', cpuArchSource: 'assumed' }
}

/**
 * Settles every GPU's compute capability (nvidia-smi's compute_cap or --cc first, then the name
 * table) and the driver's highest CUDA. GPUs that cannot be settled come back as blockers.
 */
export function resolveMachine(input: RecommendInput, data: CompatData): { machine: Machine; blockers: Reason[]; echo: RecommendInputEcho } {
  const platform = input.platform ?? 'linux'
  const gpus: MachineGpu[] = []
  const rows: GpuRow[] = []
  const blockers: Reason[] = []
  const echoGpus: RecommendInputEcho['gpus'] = []
  input.gpus.forEach((gpu, index) => {
    const name = gpu.name?.trim() || null
    const given = gpu.computeCapability?.trim()
    if (given && CC.test(given) && !name && !isKnownComputeCapability(given, data)) {
      // Typed, not read from a GPU: a capability no GPU has (99.9) is a typo, not a future GPU.
      echoGpus.push({ index, name, computeCapability: null, source: 'cc' })
      blockers.push(reason('block.ccUnknown', { cc: given, known: knownComputeCapabilities(data).join(', ') }))
      return
    }
    const named = name ? resolveGpuName(name, data) : null
    if (named?.kind === 'ok') rows.push(named.row)
    if (given && CC.test(given)) {
      const source = name ? 'nvidia-smi' : 'cc'
      gpus.push({ index, name, cc: given, sm: smOf(given), source, mark: 'P' })
      echoGpus.push({ index, name, computeCapability: given, source })
      return
    }
    const resolved = named ?? { kind: 'unknown' as const }
    if (resolved.kind === 'ok') {
      gpus.push({ index, name, cc: resolved.cc, sm: smOf(resolved.cc), source: 'name', mark: resolved.mark })
      echoGpus.push({ index, name, computeCapability: resolved.cc, source: 'name' })
      return
    }
    echoGpus.push({ index, name, computeCapability: null, source: 'name' })
    if (resolved.kind === 'ambiguous') {
      const candidates = resolved.candidates.map((c) => `${c.name} (${c.cc})`).join(', ')
      blockers.push(reason('block.gpuAmbiguous', { name: name ?? '', candidates }))
    } else {
      blockers.push(reason('block.gpuUnknown', { name: name ?? '?' }))
    }
  })
  if (input.gpus.length === 0) blockers.push(reason('block.noGpu'))
  const tegra = rows.find((r) => r.tegra)?.tegra ?? null
  const driver = driverFacts(input, data, platform, tegra !== null)
  const arch = cpuArchOf(input, rows)
  const echo: RecommendInputEcho = {
    gpus: echoGpus,
    driverVersion: driver.version,
    highestCuda: driver.source === 'assumed' ? null : driver.highestCuda,
    highestCudaSource: driver.source,
    platform,
    variant: input.variant ?? 'runtime',
    torch: input.torch ?? null,
    ngc: input.ngc ?? false,
    cpuArch: arch.cpuArch,
    cpuArchSource: arch.cpuArchSource,
    jetson: tegra,
  }
  return { machine: { gpus, driver, platform, ...arch, tegra }, blockers, echo }
}
