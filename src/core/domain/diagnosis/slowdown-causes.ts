import type { GpuInfo } from '../../../shared/gpu'
import { describeProcesses } from './gpu-sharing'
import type { LoadedGpu } from './per-gpu'

/** What was measured about a GPU under load, for the causes of a slowdown. */
export interface UnderLoad {
  powerMeanW: number | null
  smClockMeanMHz: number | null
  temperatureMaxC: number | null
  throttles: string[]
}

const round = (v: number) => Math.round(v)

/**
 * Each cause that makes a GPU slower, with what was checked for it: another process, the power limit
 * (against its siblings'), the SM clock (against its maximum), temperature and throttle reasons.
 * PCIe link and ECC/row remaps are not read during a diagnosis; it says where to read them.
 */
export function slowdownCauses(gpu: LoadedGpu, load: UnderLoad, siblings: readonly GpuInfo[]): string {
  const causes: string[] = []
  const others = gpu.sharing?.others ?? []
  const idle = gpu.sharing?.idleSm
  causes.push(
    `other processes: ${others.length ? describeProcesses(others) : 'none listed'}${idle !== null && idle !== undefined ? `, SM ${round(idle)}% before the load` : ''}`,
  )
  const limit = gpu.host?.powerLimitW ?? null
  const siblingLimit = Math.max(0, ...siblings.map((s) => s.powerLimitW ?? 0))
  const lowerLimit = limit !== null && siblingLimit > limit ? ` (below its siblings' ${round(siblingLimit)} W)` : ''
  causes.push(`power: ${load.powerMeanW !== null ? `${round(load.powerMeanW)} W` : '?'} of a ${limit !== null ? `${round(limit)} W` : '?'} limit${lowerLimit}`)
  const max = gpu.host?.smClockMaxMHz ?? null
  causes.push(`SM clock: ${load.smClockMeanMHz !== null ? `${round(load.smClockMeanMHz)} MHz` : '?'} of ${max !== null ? `${round(max)} MHz` : '?'} max`)
  causes.push(`temperature: ${load.temperatureMaxC !== null ? `${round(load.temperatureMaxC)} °C at most` : 'not sampled'}`)
  causes.push(`throttle reasons: ${load.throttles.length ? load.throttles.join(', ') : 'none'}`)
  causes.push('PCIe link and ECC/row remaps: not read during a diagnosis, see `gpu-doctor health --under-load`')
  return causes.join('; ')
}
