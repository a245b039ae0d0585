import type { CompatData, HostArch } from '../../../shared/compat-data'
import type { RecommendInputEcho } from '../../../shared/recommend'
import { smOf } from '../../knowledge/compat/arch-list'
import { cudaMinor, highestCudaForDriver, newestDriverCuda } from '../../knowledge/compat/driver'
import { isKnownComputeCapability, knownComputeCapabilities } from '../../knowledge/compat/compute-capabilities'
import { driverSupportsGpu } from '../../knowledge/compat/gpu-driver-support'
import { type GpuIdentity, identifyGpu } from '../../knowledge/compat/gpu-identity'
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

/**
 * A driver that cannot run a GPU at all (older than the GPU, or newer than its architecture's last
 * branch) blocks every image: none of them is "native" there.
 */
function driverSupportBlockers(
  gpus: ReadonlyArray<{ name: string; identity: Extract<GpuIdentity, { kind: 'known' }> }>,
  driver: string | null,
  data: CompatData,
): Reason[] {
  const out: Reason[] = []
  for (const { name, identity } of gpus) {
    const support = driverSupportsGpu(identity, driver, data)
    if (support.kind === 'tooOld') out.push(reason('block.driverOlderThanGpu', { gpu: name, arch: identity.arch ?? '', driver: driver!, minimum: support.minimum }))
    if (support.kind === 'dropped') out.push(reason('block.driverDroppedArch', { gpu: name, driver: driver!, arch: support.arch, branch: support.lastBranch }))
  }
  return out
}

/** A GPU that only comes in Arm machines decides the architecture; else --arch or the host; else x86_64. */
function cpuArchOf(input: RecommendInput, rows: ReadonlyArray<{ hostArch: HostArch }>): Pick<Machine, 'cpuArch' | 'cpuArchSource'> {
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
  const blockers: Reason[] = []
  const echoGpus: RecommendInputEcho['gpus'] = []
  const identified: Array<{ name: string; identity: Extract<GpuIdentity, { kind: 'known' }> }> = []
  input.gpus.forEach((gpu, index) => {
    const name = gpu.name?.trim() || null
    const given = gpu.computeCapability?.trim()
    if (given && CC.test(given) && !name && !isKnownComputeCapability(given, data)) {
      // Typed, not read from a GPU: a capability no GPU has (99.9) is a typo, not a future GPU.
      echoGpus.push({ index, name, computeCapability: null, source: 'cc' })
      blockers.push(reason('block.ccUnknown', { cc: given, known: knownComputeCapabilities(data).join(', ') }))
      return
    }
    const identity = identifyGpu({ name, computeCapability: given && CC.test(given) ? given : null }, data)
    if (identity.kind === 'known') {
      identified.push({ name: name ?? `compute capability ${identity.cc}`, identity })
      const source = identity.via === 'live' ? (name ? 'nvidia-smi' : 'cc') : 'name'
      gpus.push({ index, name, cc: identity.cc, sm: smOf(identity.cc), source, mark: identity.mark })
      echoGpus.push({ index, name, computeCapability: identity.cc, source })
      return
    }
    echoGpus.push({ index, name, computeCapability: null, source: 'name' })
    if (identity.kind === 'ambiguous') {
      const candidates = identity.candidates.map((c) => `${c.name} (${c.cc})`).join(', ')
      blockers.push(reason('block.gpuAmbiguous', { name: name ?? '', candidates }))
    } else {
      blockers.push(reason('block.gpuUnknown', { name: name ?? '?' }))
    }
  })
  if (input.gpus.length === 0) blockers.push(reason('block.noGpu'))
  const tegra = identified.find((g) => g.identity.tegra)?.identity.tegra ?? null
  const driver = driverFacts(input, data, platform, tegra !== null)
  blockers.push(...driverSupportBlockers(identified, driver.version, data))
  const arch = cpuArchOf(input, identified.map((g) => g.identity))
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
