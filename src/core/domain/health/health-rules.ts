import { PCIE_LOADED_PERCENT, POWER_LIMIT_SLACK_W } from '../../../shared/constants'
import type { Finding } from '../../../shared/diagnosis'
import { englishCount } from '../../../shared/i18n/english-plural'
import { makeFinding } from '../findings/finding-catalog'
import type { GpuHealthFacts } from './health-facts'
import type { XidTally } from './kernel-log'

/** How health findings name a GPU (their `gpu` parameter). */
export const gpuName = (g: GpuHealthFacts) => `GPU ${g.index} ${g.name}${g.busId ? ` (${g.busId})` : ''}`

const eccErrors = (n: number) => englishCount(n, 'uncorrectable ECC error', 'uncorrectable ECC errors')

function pcie(g: GpuHealthFacts): Finding[] {
  const { genCurrent, genMax, widthCurrent, widthMax } = g.pcie
  const genLow = genCurrent !== null && genMax !== null && genCurrent < genMax
  const widthLow = widthCurrent !== null && widthMax !== null && widthCurrent < widthMax
  if (!genLow && !widthLow) return []
  const loaded = g.utilizationGpu !== null && g.utilizationGpu >= PCIE_LOADED_PERCENT
  const link = `PCIe Gen ${genCurrent ?? '?'} x${widthCurrent ?? '?'}, capable of Gen ${genMax ?? '?'} x${widthMax ?? '?'}`
  const when = g.utilizationGpu === null ? 'load unknown' : `read at ${g.utilizationGpu}% GPU utilisation${loaded ? '' : ' (idle)'}`
  // A lower generation at idle is power saving; a narrower link is never that.
  const severity = widthLow || loaded ? 'warning' : 'info'
  return [makeFinding('pcie-link-degraded', severity, { gpu: gpuName(g) }, `${gpuName(g)}: ${link}, ${when}`)]
}

function memoryErrors(g: GpuHealthFacts): Finding[] {
  const seen: string[] = []
  if ((g.ecc.volatileUncorrectable ?? 0) > 0) seen.push(`${eccErrors(g.ecc.volatileUncorrectable!)} since the driver loaded`)
  else if ((g.ecc.aggregateUncorrectable ?? 0) > 0) seen.push(`${eccErrors(g.ecc.aggregateUncorrectable!)} over the GPU's life`)
  if (g.remappedRows.pending) seen.push('a row remap is pending (applied at the next GPU reset)')
  if (g.remappedRows.failure) seen.push('row remapping failed')
  if (g.retiredPagesPending) seen.push('a page retirement is pending (applied at the next GPU reset)')
  if (seen.length === 0) return []
  return [makeFinding('ecc-uncorrectable-or-row-remap', 'error', { gpu: gpuName(g) }, `${gpuName(g)}: ${seen.join('; ')}`)]
}

function recovery(g: GpuHealthFacts): Finding[] {
  const action = g.recoveryAction
  if (!action || action.toLowerCase() === 'none') return []
  return [makeFinding('gpu-recovery-action-pending', 'error', { gpu: gpuName(g), action }, `${gpuName(g)}: GPU Recovery Action = ${action}`)]
}

function settings(g: GpuHealthFacts, platform: NodeJS.Platform): Finding[] {
  const out: Finding[] = []
  if (platform === 'linux' && g.persistenceMode === false) out.push(makeFinding('persistence-mode-off', 'warning', {}, `${gpuName(g)}: Persistence Mode = Disabled`))
  const { limitW, defaultLimitW } = g.power
  if (limitW !== null && defaultLimitW !== null && limitW < defaultLimitW - POWER_LIMIT_SLACK_W) {
    out.push(makeFinding('power-limit-below-default', 'warning', { gpu: gpuName(g), limit: limitW, default: defaultLimitW }, `${gpuName(g)}: power limit ${limitW} W, default ${defaultLimitW} W`))
  }
  const { graphicsMHz, defaultGraphicsMHz, reasonActive } = g.appClocks
  if ((graphicsMHz !== null && defaultGraphicsMHz !== null && graphicsMHz < defaultGraphicsMHz) || reasonActive) {
    out.push(
      makeFinding('application-clocks-locked', 'warning', { gpu: gpuName(g) }, `${gpuName(g)}: applications clocks ${graphicsMHz ?? '?'} MHz, default ${defaultGraphicsMHz ?? '?'} MHz`),
    )
  }
  if (g.migEnabled) out.push(makeFinding('mig-enabled', 'info', { gpu: gpuName(g) }, `${gpuName(g)}: MIG Mode = Enabled`))
  return out
}

/** NVSwitch systems report a fabric state; anything but Completed/Success means no CUDA work can start. */
function fabric(g: GpuHealthFacts): Finding[] {
  const { state, status } = g.fabric
  if (!state) return []
  const ok = /^completed$/i.test(state) && (!status || /^success$/i.test(status))
  if (ok) return []
  return [makeFinding('fabric-manager-not-running', 'error', {}, `${gpuName(g)}: Fabric State = ${state}, Status = ${status ?? 'N/A'}`)]
}

/** Xid 79: off the bus; 119/120: GSP timeouts; 48/63/64/92/94/95: memory errors; others are listed. */
export function xidFindings(tally: XidTally): Finding[] {
  return [...tally.groups.entries()].map(([id, group]) => {
    const evidence = group.examples.map((x) => `Xid ${x.xid} on ${x.busId}: ${x.text}`).join('\n')
    const severity = id === 'xid-reported' ? 'warning' : 'error'
    return makeFinding(id, severity, { xids: group.xids.join(', '), count: group.count }, evidence)
  })
}

/** Every hardware-health finding for the GPUs read from nvidia-smi -q, worst first. */
export function healthFindings(gpus: GpuHealthFacts[], platform: NodeJS.Platform): Finding[] {
  const order = { error: 0, warning: 1, info: 2 } as const
  return gpus.flatMap((g) => [...memoryErrors(g), ...recovery(g), ...fabric(g), ...pcie(g), ...settings(g, platform)]).sort((a, b) => order[a.severity] - order[b.severity])
}
