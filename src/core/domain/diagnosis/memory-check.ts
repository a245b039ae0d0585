import type { Finding } from '../../../shared/diagnosis'
import type { MemoryGpu } from '../../../shared/evidence'
import type { ProbeReport } from '../../../shared/probe'
import { expectedFor, expectedPerformance, type ExpectedPerformance } from '../../knowledge/compat/expected-performance'
import { makeFinding } from '../findings/finding-catalog'
import { gpuSharing } from './gpu-sharing'
import { loadedGpus } from './per-gpu'
import type { DiagnosisInputs } from './step-inputs'

type MemoryWorkload = NonNullable<NonNullable<ProbeReport['workloads']>['memory']>

/** Pageable copies below this share of pinned ones are "far below": the lever is pinning the host buffers. */
export const PAGEABLE_FAR_BELOW = 0.5

export const MEMORY_MEANING =
  'Device copy: a 1 GiB device-to-device copy (less where under 4 GiB are free), bytes read plus written per second (GB/s = 10^9 bytes/s), against the datasheet memory bandwidth. Host copies: 256 MiB host→device and device→host, from pinned (page-locked) and from pageable memory, against the PCIe link at its maximum generation × width (one direction). Each figure is the median of 5 copies timed with CUDA events, one GPU after another.'

const round = (v: number) => String(Math.round(v))

/** What a PCIe link carries per direction, GB/s, at its maximum; null where the link or its generation is unknown. */
function linkGBps(pcie: { genMax: number | null; widthMax: number | null } | null | undefined, table: ExpectedPerformance): number | null {
  if (!pcie?.genMax || !pcie.widthMax) return null
  const lane = table.links.pciePerLaneGBps.byGeneration[String(pcie.genMax)]
  return lane ? lane * pcie.widthMax : null
}

function linkText(pcie: { genCurrent: number | null; genMax: number | null; widthCurrent: number | null; widthMax: number | null } | null | undefined): string | null {
  if (!pcie?.genMax) return null
  return `Gen${pcie.genCurrent ?? '?'} ×${pcie.widthCurrent ?? '?'} (max Gen${pcie.genMax} ×${pcie.widthMax ?? '?'})`
}

/**
 * Step 4's memory figures against what each GPU and its link should do: the device copy below
 * `minFractionOfMemoryDatasheet` of the datasheet, pinned host copies below `minFractionOfLink` of the
 * PCIe link, and pageable copies far below pinned ones (the fix: pin the host buffers).
 */
export function memoryCheck(w: MemoryWorkload | undefined, inputs: DiagnosisInputs, table: ExpectedPerformance = expectedPerformance()): { evidence: MemoryGpu[]; findings: Finding[] } {
  if (!w || !('perGpu' in w)) return { evidence: [], findings: [] }
  const report = inputs.probe.ok ? inputs.probe.report : null
  const gpus = loadedGpus(w.perGpu.map((p) => ({ index: p.index, uuid: p.uuid ?? null })), inputs, gpuSharing(inputs))
  const findings: Finding[] = []
  const evidence: MemoryGpu[] = w.perGpu.map((p, i) => {
    const g = gpus[i]!
    const name = g.host?.name ?? report?.cuda?.devices.find((d) => d.index === p.index)?.name ?? null
    const model = name ? expectedFor(name, table) : null
    const datasheet = model?.datasheetMemoryGBps?.GBps ?? null
    const link = linkGBps(p.pcie, table)
    const row: MemoryGpu = {
      index: g.shownIndex,
      name,
      deviceCopyGBps: p.deviceCopy?.GBps ?? null,
      datasheetGBps: datasheet,
      h2dPinnedGBps: p.h2dPinned?.GBps ?? null,
      d2hPinnedGBps: p.d2hPinned?.GBps ?? null,
      h2dPageableGBps: p.h2dPageable?.GBps ?? null,
      d2hPageableGBps: p.d2hPageable?.GBps ?? null,
      link: linkText(p.pcie),
      linkGBps: link,
      ...(p.error ? { error: p.error } : {}),
    }
    if (p.error || g.contended) return row
    const gpu = g.shownIndex
    const copy = row.deviceCopyGBps
    if (copy !== null && datasheet !== null && copy < table.minFractionOfMemoryDatasheet * datasheet)
      findings.push(
        makeFinding('gpu-memory-bandwidth-low', 'warning', {
          gpu,
          name: name ?? '?',
          measured: round(copy),
          datasheet: round(datasheet),
          percent: round((copy / datasheet) * 100),
          threshold: round(table.minFractionOfMemoryDatasheet * 100),
          model: model?.model ?? '?',
        }),
      )
    const pinned = [row.h2dPinnedGBps, row.d2hPinnedGBps].filter((v): v is number => v !== null)
    if (link !== null && pinned.length && Math.min(...pinned) < table.links.minFractionOfLink * link)
      findings.push(
        makeFinding('host-copies-below-link', 'warning', {
          gpu,
          h2d: row.h2dPinnedGBps !== null ? row.h2dPinnedGBps.toFixed(1) : '?',
          d2h: row.d2hPinnedGBps !== null ? row.d2hPinnedGBps.toFixed(1) : '?',
          link: row.link ?? '?',
          linkGBps: link.toFixed(1),
          threshold: round(table.links.minFractionOfLink * 100),
        }),
      )
    const pairs: Array<[number | null, number | null]> = [
      [row.h2dPageableGBps, row.h2dPinnedGBps],
      [row.d2hPageableGBps, row.d2hPinnedGBps],
    ]
    if (pairs.some(([pageable, pin]) => pageable !== null && pin !== null && pageable < PAGEABLE_FAR_BELOW * pin))
      findings.push(
        makeFinding('pageable-copies-far-below-pinned', 'info', {
          gpu,
          h2dPageable: row.h2dPageableGBps?.toFixed(1) ?? '?',
          d2hPageable: row.d2hPageableGBps?.toFixed(1) ?? '?',
          h2dPinned: row.h2dPinnedGBps?.toFixed(1) ?? '?',
          d2hPinned: row.d2hPinnedGBps?.toFixed(1) ?? '?',
        }),
      )
    return row
  })
  return { evidence, findings }
}
