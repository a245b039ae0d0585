// The evidence rows of a watch, as data both front ends translate (namespace 'watch'). Type-only
// imports: the renderer bundles this without zod.
import type { WatchKey } from './i18n/watch'
import type { WatchResult } from './watch'

/** One row: a label key and either a plain value (numbers, units) or a text key with params. */
export interface WatchEvidenceRow {
  label: WatchKey
  value: string | { key: WatchKey; params: Record<string, string | number> }
}

const n = (v: number | null, unit: string, digits = 1) => (v === null ? '–' : `${Number(v.toFixed(digits))} ${unit}`)

/** "python3 (pid 4242) 61 %, 1010 MiB; …", busiest first: names and numbers, the same in every language. */
export function describeOtherProcesses(r: Pick<WatchResult, 'otherProcesses' | 'gpus'>): string {
  return [...r.otherProcesses]
    .sort((a, b) => (b.smMean ?? -1) - (a.smMean ?? -1))
    .map((o) => {
      const facts = [o.smMean === null ? null : n(o.smMean, '%', 0), o.usedMemoryMiB === null ? null : `${o.usedMemoryMiB} MiB`].filter(Boolean)
      return `${o.name} (pid ${o.pid ?? '?'}${r.gpus.length > 1 ? `, GPU ${o.gpuIndex}` : ''})${facts.length ? ` ${facts.join(', ')}` : ''}`
    })
    .join('; ')
}

const pct = (v: number | null) => (v === null ? '–' : String(Math.round(v)))

// The busiest GPU's link: "Gen 5 ×16, 63016 MB/s each way; 71 % used".
function linkRow(r: WatchResult): WatchEvidenceRow[] {
  const g = r.gpus.filter((x) => x.pcieLink && x.pcieCapacityMBps).sort((a, b) => (b.pcieLinkShare ?? 0) - (a.pcieLinkShare ?? 0))[0]
  if (!g?.pcieLink) return []
  const link = `Gen ${g.pcieLink.generation} ×${g.pcieLink.width}, ${g.pcieCapacityMBps} MB/s`
  return [{ label: 'label.pcieLink', value: { key: 'value.pcieLink', params: { link, share: g.pcieLinkShare == null ? '–' : Math.round(g.pcieLinkShare * 100) } } }]
}

export function watchEvidenceRows(r: WatchResult): WatchEvidenceRow[] {
  const memory = r.gpus.map((g) => g.jobMemoryMiB).filter((v): v is number => v !== null)
  const perGpu = (pick: (g: WatchResult['gpus'][number]) => string) => (r.gpus.length > 1 ? ` (${r.gpus.map((g) => `GPU ${g.index}: ${pick(g)}`).join(', ')})` : '')
  const thread = r.cpu.busiestThread
  return [
    { label: 'label.sm', value: n(r.smMean, '%') + perGpu((g) => n(g.smMean, '%')) },
    { label: 'label.idle', value: r.idleShare === null ? '–' : `${Math.round(r.idleShare * 100)} %` },
    { label: 'label.memBw', value: n(r.memBandwidthMean, '%') },
    { label: 'label.pcie', value: n(r.pcieMBps, 'MB/s', 0) },
    ...linkRow(r),
    {
      label: 'label.gpm',
      value: r.gpm
        ? { key: 'value.gpm', params: { smActive: pct(r.gpm.smActive), occupancy: pct(r.gpm.smOccupancy), tensor: pct(r.gpm.tensorActive), dram: pct(r.gpm.dramBandwidth) } }
        : { key: 'value.noGpm', params: {} },
    },
    ...(r.jobSmMean === null ? [] : [{ label: 'label.jobSm' as const, value: n(r.jobSmMean, '%') + perGpu((g) => n(g.jobSmMean, '%')) }]),
    ...(r.job
      ? [
          {
            label: 'label.ranks' as const,
            value: r.job.ranks
              .map((k) => `rank ${k.rank ?? '?'}${k.watched ? '*' : ''} (pid ${k.pid}, GPU ${k.gpus.join(',') || '?'}) ${n(k.smMean, '%', 0)}, ${n(k.memBandwidthMean, '%', 0)}`)
              .join('; '),
          },
        ]
      : []),
    {
      label: 'label.others',
      value: r.otherProcesses.length === 0 ? { key: 'value.noOthers', params: {} } : describeOtherProcesses(r),
    },
    { label: 'label.gpuMemory', value: memory.length ? `${memory.reduce((a, b) => a + b, 0)} MiB` : '–' },
    { label: 'label.mainCpu', value: { key: 'value.mainCpu', params: { percent: Math.round(r.cpu.mainPercent), threads: r.cpu.threads, runnable: Math.round(r.cpu.mainRunnablePercent) } } },
    {
      label: 'label.busiestThread',
      value: thread ? { key: 'value.thread', params: { name: thread.name, tid: thread.tid, percent: Math.round(thread.cpuPercent), runnable: Math.round(thread.runnablePercent) } } : '–',
    },
    {
      label: 'label.workers',
      value:
        r.cpu.workers === 0
          ? { key: 'value.noWorkers', params: {} }
          : { key: 'value.workers', params: { count: r.cpu.workers, percent: Math.round(r.cpu.workersPercent), busiest: Math.round(r.cpu.busiestWorkerPercent) } },
    },
    ...(r.jobEnded ? [{ label: 'label.jobEnded' as const, value: { key: 'value.jobEnded' as const, params: { state: r.jobEnded.state, after: r.jobEnded.afterSeconds } } }] : []),
    ...(r.decidedBy ? [{ label: 'label.decidedBy' as const, value: { key: `measure.${r.decidedBy}` as WatchKey, params: {} } }] : []),
    {
      label: 'label.cgroup',
      value:
        r.cgroup.cpuLimit === null
          ? { key: 'value.unlimited', params: {} }
          : { key: 'value.cgroup', params: { limit: r.cgroup.cpuLimit, throttled: r.cgroup.throttledShare === null ? '?' : Math.round(r.cgroup.throttledShare * 100) } },
    },
  ]
}
