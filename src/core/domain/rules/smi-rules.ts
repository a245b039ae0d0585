import type { Finding } from '../../../shared/diagnosis'
import type { GpuInfo, GpuStatus } from '../../../shared/gpu'
import { makeFinding } from '../findings/finding-catalog'

// Data-centre boards run headless, where persistence mode matters (failure-modes.md A6).
const DATACENTER =
  /\b(?:Tesla|GRID|A100|A800|A30|A40|A10G?|A16|A2|H100|H200|H800|H20|GH200|B200|B100|GB200|B300|L4|L40S?|L20|T4|V100|P100|P40|P4|K80)\b/i

// A reading past 1.5× the limit cannot be real draw, even for a millisecond transient the
// averaged nvidia-smi value would not show it (the 588 W / 35 W laptop capture).
const GLITCH_FACTOR = 1.5

function label(gpu: GpuInfo): string {
  return `GPU ${gpu.index} (${gpu.name})`
}

function persistence(gpus: GpuInfo[]): Finding[] {
  // Windows and WSL show a driver model and no persistence mode; it does not apply there.
  const off = gpus.filter((g) => g.persistenceMode === false && g.driverModel === null && DATACENTER.test(g.name))
  if (off.length === 0) return []
  const evidence = off.map((g) => `${label(g)}: Persistence-M Off`).join('\n')
  return [makeFinding('persistence-mode-off', 'info', { gpus: off.map((g) => g.index).join(', ') }, evidence)]
}

function powerGlitch(gpus: GpuInfo[]): Finding[] {
  const gpu = gpus.find((g) => g.powerW !== null && g.powerLimitW && g.powerW > g.powerLimitW * GLITCH_FACTOR)
  if (!gpu || gpu.powerW === null || gpu.powerLimitW === null) return []
  const params = { index: gpu.index, power: gpu.powerW, limit: gpu.powerLimitW }
  return [makeFinding('power-reading-above-limit', 'info', params, `${label(gpu)}: ${gpu.powerW}W / ${gpu.powerLimitW}W`)]
}

function mig(status: GpuStatus): Finding[] {
  const on = status.gpus.filter((g) => g.migMode === true)
  if (on.length === 0) return []
  const params = { gpus: on.map((g) => g.index).join(', '), migDevices: status.migDevices.length }
  return [makeFinding('mig-single-instance-per-process', 'info', params, on.map((g) => `${label(g)}: MIG Enabled`).join('\n'))]
}

function mixed(gpus: GpuInfo[]): Finding[] {
  const names = [...new Set(gpus.map((g) => g.name))]
  if (names.length < 2) return []
  return [makeFinding('device-order-mismatch', 'info', { gpus: names.join(', ') }, gpus.map(label).join('\n'))]
}

/** Findings from a parsed nvidia-smi status: persistence, power readings, MIG, mixed GPU models. */
export function smiFindings(status: GpuStatus): Finding[] {
  return [...persistence(status.gpus), ...powerGlitch(status.gpus), ...mig(status), ...mixed(status.gpus)]
}
