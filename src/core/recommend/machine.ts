import type { CompatData } from '../../shared/compat-data'
import type { RecommendInputEcho } from '../../shared/recommend'
import { smOf } from './arch-list'
import { cudaMinor, highestCudaForDriver, newestDriverCuda } from '../compat/driver'
import { isKnownComputeCapability, knownComputeCapabilities } from '../compat/compute-capabilities'
import { resolveGpuName } from '../compat/gpu-names'
import { reason } from './reasons'
import type { DriverFacts, Machine, MachineGpu, Reason, RecommendInput } from './types'

const CC = /^\d{1,2}\.\d$/

function driverFacts(input: RecommendInput, data: CompatData, platform: Machine['platform']): DriverFacts {
  const version = input.driverVersion?.trim() || null
  const banner = cudaMinor(input.highestCuda)
  if (banner) return { version, highestCuda: banner, source: 'nvidia-smi', mark: 'P', belowCuda: null }
  if (!version) return { version: null, highestCuda: newestDriverCuda(data), source: 'assumed', mark: 'P', belowCuda: null }
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
 * Settles every GPU's compute capability (nvidia-smi's compute_cap or --cc first, then the name
 * table) and the driver's highest CUDA. GPUs that cannot be settled come back as blockers.
 */
export function resolveMachine(input: RecommendInput, data: CompatData): { machine: Machine; blockers: Reason[]; echo: RecommendInputEcho } {
  const platform = input.platform ?? 'linux'
  const gpus: MachineGpu[] = []
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
    if (given && CC.test(given)) {
      const source = name ? 'nvidia-smi' : 'cc'
      gpus.push({ index, name, cc: given, sm: smOf(given), source, mark: 'P' })
      echoGpus.push({ index, name, computeCapability: given, source })
      return
    }
    const resolved = name ? resolveGpuName(name, data) : { kind: 'unknown' as const }
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
  const driver = driverFacts(input, data, platform)
  const echo: RecommendInputEcho = {
    gpus: echoGpus,
    driverVersion: driver.version,
    highestCuda: driver.source === 'assumed' ? null : driver.highestCuda,
    highestCudaSource: driver.source,
    platform,
    variant: input.variant ?? 'runtime',
    torch: input.torch ?? null,
    ngc: input.ngc ?? false,
  }
  return { machine: { gpus, driver, platform }, blockers, echo }
}
