import { ncclSettingsText } from '../../../../shared/nccl-settings'
import { selectionFinding } from '../selection-finding'
import type { Finding, StepResultOf } from '../../../../shared/diagnosis'
import type { LinksEvidence } from '../../../../shared/evidence'
import { expectedPerformance } from '../../../knowledge/compat/expected-performance'
import { makeFinding } from '../../findings/finding-catalog'
import type { LinkFacts } from '../../../platform/nvidia-smi/read-links'
import { cpuList, nvlinkCount } from '../../../platform/nvidia-smi/parse-topo'
import { loadedGpus } from '../per-gpu'
import { gpusMeasuredSlow } from './sm-utilisation'
import { describeProcesses, gpuSharing } from '../gpu-sharing'
import type { DiagnosisInputs } from '../step-inputs'
import { noCudaSkip, statusFrom, stepResult, summary, torchReport } from '../step-inputs'
import { unmeasuredFinding } from '../unmeasured-gpus'

type LinksDone = Extract<NonNullable<NonNullable<import('../../../../shared/probe').ProbeReport['workloads']>['links']>, { peerAccess: unknown }>

/** NCCL's channel lines name the transport of each connection: "via P2P/CUMEM", "via SHM/direct/direct", "via NET/Socket/0". */
export function ncclTransports(lines: readonly string[]): string[] {
  const found = new Set<string>()
  for (const l of lines) {
    if (!/ via /.test(l)) continue
    if (/ via P2P/.test(l)) found.add('P2P')
    if (/ via SHM/.test(l)) found.add('SHM')
    if (/ via NET\/Socket/.test(l)) found.add('NET/Socket')
    if (/ via NET\/IB/.test(l)) found.add('NET/IB')
    if (/ via NVLS/.test(l)) found.add('NVLS')
    if (/ via COLLNET/.test(l)) found.add('COLLNET')
  }
  return [...found]
}

const gb = (v: number | null | undefined) => (v === null || v === undefined ? '?' : v.toFixed(v < 10 ? 1 : 0))

/** Per direction, GB/s: the NVLinks of the pair × the per-link rate of this generation, else PCIe generation × width. */
function linkRate(cell: string | null, cc: string | null, pcie: Array<{ genMax: number | null; widthMax: number | null } | undefined>): number | null {
  const table = expectedPerformance().links
  const nv = cell ? nvlinkCount(cell) : 0
  if (nv > 0) {
    const perLink = table.nvlinkPerLink.find((l) => l.cc === cc)?.GBps ?? null
    return perLink === null ? null : nv * perLink
  }
  const lanes = pcie.map((p) => (p?.genMax && p.widthMax ? (table.pciePerLaneGBps.byGeneration[String(p.genMax)] ?? 0) * p.widthMax : null))
  return lanes.some((v) => v === null || v === 0) ? null : Math.min(...(lanes as number[]))
}

/**
 * Step 6: the links multi-GPU training depends on — topology, peer access, a P2P copy per pair and
 * an NCCL all-reduce across every GPU — against what the topology should give.
 */
export function gpuLinksStep(inputs: DiagnosisInputs): StepResultOf<'gpu-links'> {
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('gpu-links', 'skip', got.skip, {})
  const w = got.report.workloads?.links
  if (!w) return stepResult('gpu-links', 'skip', summary('skip.notRequested'), {})
  if ('skipped' in w) {
    if (w.earlierError) {
      const step = w.earlierError.workload === 'sustained' || w.earlierError.workload === 'memory' ? 4 : w.earlierError.workload === 'conv' ? 5 : 1
      return stepResult('gpu-links', 'skip', summary('skip.afterCudaError', { step, error: w.earlierError.error }), { error: w.earlierError.error })
    }
    // Without CUDA the probe cannot count the GPUs: step 1's answer is the reason, not "one GPU".
    if (!got.report.cuda?.available) return stepResult('gpu-links', 'skip', noCudaSkip(got.report), {})
    const leftOut = unmeasuredFinding(inputs, [])
    if (leftOut && /one GPU/.test(w.skipped))
      return stepResult('gpu-links', 'skip', summary('skip.oneUsableGpu', { gpus: leftOut.params.gpus as string }), {}, [leftOut])
    return stepResult('gpu-links', 'skip', /one GPU/.test(w.skipped) ? summary('skip.oneGpu') : noCudaSkip(got.report), {})
  }
  if ('error' in w) {
    const selection = selectionFinding(inputs)
    return stepResult('gpu-links', 'fail', summary('workload.failed', { reason: selection?.message ?? w.error }), { error: w.error }, [selection ?? makeFinding('probe-failed', 'error', { reason: w.error })])
  }
  return judgeLinks(w, inputs)
}

function judgeLinks(w: LinksDone, inputs: DiagnosisInputs): StepResultOf<'gpu-links'> {
  const facts: LinkFacts | null = inputs.links ?? null
  const gpus = loadedGpus(
    w.ordinals.map((o, i) => ({ index: o, uuid: w.uuids[i] ?? null })),
    inputs,
    gpuSharing(inputs),
  )
  // Busy: working before step 4's load, or holding an idle context then while step 4 measured the GPU slow
  // or unsteady (a process that started working during the run; it still may, as the links are measured).
  const slowInStep4 = gpusMeasuredSlow(inputs)
  const busyOf = (g: (typeof gpus)[number]) => g.contended || (slowInStep4.has(g.shownIndex) && (g.sharing?.others.length ?? 0) > 0)
  const topo = facts?.topo ?? null
  const cellOf = (a: number | null, b: number | null) => {
    if (!topo || a === null || b === null) return null
    const i = topo.gpus.indexOf(a)
    const j = topo.gpus.indexOf(b)
    return i >= 0 && j >= 0 ? (topo.link[i]?.[j] ?? null) : null
  }
  const pcieOf = (h: number | null) => facts?.pcie.find((p) => p.index === h)
  const nvOf = (h: number | null) => facts?.nvlink?.find((n) => n.gpu === h)
  const cc = (i: number) => gpus[i]?.host?.computeCapability ?? null
  const findings: Finding[] = []

  const pairs: NonNullable<LinksEvidence['pairs']> = []
  w.ordinals.forEach((a, i) =>
    w.ordinals.forEach((b, j) => {
      if (i === j) return
      const cell = cellOf(gpus[i]!.hostIndex, gpus[j]!.hostIndex)
      const copy = w.copies.find((c) => c.from === a && c.to === b)
      pairs.push({
        from: gpus[i]!.shownIndex,
        to: gpus[j]!.shownIndex,
        link: cell,
        peerAccess: w.peerAccess[i]?.[j] ?? false,
        copyGBps: copy?.GBps ?? null,
        expectedGBps: linkRate(cell, cc(i), [pcieOf(gpus[i]!.hostIndex), pcieOf(gpus[j]!.hostIndex)]),
      })
    }),
  )
  const perGpu = gpus.map((g, i) => {
    const nv = nvOf(g.hostIndex)
    const p = pcieOf(g.hostIndex)
    const row = topo && g.hostIndex !== null ? topo.gpus.indexOf(g.hostIndex) : -1
    const mine = pairs.filter((x) => x.from === g.shownIndex).map((x) => x.expectedGBps ?? 0)
    return {
      index: g.shownIndex,
      cudaOrdinal: g.ordinal,
      name: g.host?.name ?? null,
      nvlinkActive: nv ? nv.links.filter((l) => l.GBps !== null).length : null,
      nvlinkInactive: nv ? nv.links.filter((l) => l.GBps === null).length : null,
      pcie: p?.genMax ? `Gen${p.genCurrent ?? '?'}/${p.genMax} x${p.widthCurrent ?? '?'}/${p.widthMax ?? '?'}` : null,
      numa: row >= 0 ? (topo!.numaAffinity[row] ?? null) : null,
      cpuAffinity: row >= 0 ? (topo!.cpuAffinity[row] ?? null) : null,
      // An NVSwitch box shows NV18 to every peer over the same 18 links: the fastest pair, not their sum.
      linkGBps: mine.length && mine.some((v) => v > 0) ? Math.max(...mine) : null,
      // Busy with another process while the links were measured: the UI marks it beside its links.
      contended: busyOf(g),
      cc: cc(i),
    }
  })

  // P2P: which pairs cannot reach each other's memory, and what was checked for why.
  const platform = w.platform
  const noPeer = pairs.filter((p) => !p.peerAccess)
  if (noPeer.length) {
    const cmdline = platform.kernelCmdline ?? ''
    const iommu = /(intel_iommu|amd_iommu|iommu)=\S+/g.exec(cmdline)?.[0] ?? 'no iommu= option'
    findings.push(
      makeFinding('p2p-unavailable', 'warning', {
        pairs: noPeer.map((p) => `${p.from}→${p.to} (${p.link ?? '?'})`).join(', '),
        vm: platform.hypervisor ? `yes (${platform.dmiProduct ?? 'hypervisor flag in /proc/cpuinfo'})` : platform.hypervisor === false ? 'no' : 'unknown',
        iommu: `${platform.iommuGroups ?? '?'} IOMMU groups, kernel command line: ${iommu}`,
      }),
    )
  }
  // NVLink: a GPU with links down, while NVLink is what connects it.
  for (const g of perGpu)
    if ((g.nvlinkInactive ?? 0) > 0 && (g.nvlinkActive ?? 0) + (g.nvlinkInactive ?? 0) > 0 && pairs.some((p) => p.from === g.index && nvlinkCount(p.link ?? '') > 0))
      findings.push(makeFinding('nvlink-link-down', 'warning', { gpu: g.index, inactive: g.nvlinkInactive ?? 0, active: g.nvlinkActive ?? 0 }))
  // NUMA: GPUs whose CPUs this process may not run on.
  const processCpus = platform.cpus ?? null
  if (processCpus) {
    const far = perGpu.filter((g) => {
      const cpus = cpuList(g.cpuAffinity)
      return cpus !== null && !cpus.some((c) => processCpus.includes(c))
    })
    if (far.length)
      findings.push(
        makeFinding('gpu-numa-mismatch', 'warning', {
          gpus: far.map((g) => `${g.index} (CPUs ${g.cpuAffinity}, NUMA ${g.numa ?? '?'})`).join(', '),
          cpus: compactCpus(processCpus),
        }),
      )
  }
  // Copies far below the link; a pair with a busy GPU measures the sharing, said once below.
  const minFraction = expectedPerformance().links.minFractionOfLink
  const busyIndices = new Set(gpus.filter(busyOf).map((g) => g.shownIndex))
  const slowCopies = pairs.filter((p) => p.copyGBps !== null && p.expectedGBps !== null && p.copyGBps < p.expectedGBps * minFraction)
  const slowFree = slowCopies.filter((p) => !busyIndices.has(p.from) && !busyIndices.has(p.to))
  // The copies and the all-reduce are timed by the host's clock, while the probe and one NCCL rank per GPU
  // run: with fewer CPUs than ranks, a process waits for a CPU inside the timing (taskset, a cpuset, a
  // Slurm task of one CPU; one CPU for two GPUs made a copy 5× slow on a 2×H200), and a slow figure is not the links'.
  const starved = processCpus !== null && processCpus.length < w.ordinals.length
  if (slowFree.length && !starved)
    findings.push(
      makeFinding('p2p-copy-slow', 'warning', {
        pairs: slowFree.map((p) => `${p.from}→${p.to} ${gb(p.copyGBps)} of ${gb(p.expectedGBps)} GB/s (${p.link ?? '?'})`).join(', '),
        percent: Math.round(minFraction * 100),
      }),
    )

  // NCCL.
  const n = w.nccl
  const transports = n ? ncclTransports(n.debugLines) : []
  const linkOf = perGpu.map((g) => g.linkGBps).filter((v): v is number => v !== null)
  const expectedBus = linkOf.length === perGpu.length ? Math.min(...linkOf) : null
  const envText = n ? ncclSettingsText(n.env, n.confFiles) || 'no NCCL variables set' : ''
  const last = (n?.debugLines ?? []).slice(-3).join(' | ') || 'no NCCL INFO line'
  if (n?.timedOut) findings.push(makeFinding('nccl-collective-hang', 'error', { seconds: n.deadlineS, last, env: envText }, (n.debugLines ?? []).join('\n')))
  else if (n && !n.result) {
    // The c10d wrapper says "invalid usage"; NCCL's own WARN line says what it could not do.
    const warn = n.debugLines.find((l) => /NCCL WARN/.test(l))?.replace(/^.*NCCL WARN\s*/, '') ?? 'no WARN line'
    findings.push(makeFinding('nccl-allreduce-failed', 'error', { reason: n.errors[0] ?? 'no result', warn, env: envText }, [...n.errors, ...n.debugLines].join('\n')))
  }
  const direct = pairs.some((p) => p.peerAccess && (nvlinkCount(p.link ?? '') > 0 || /^(PIX|PXB)$/.test(p.link ?? '')))
  if (n?.result && direct && !transports.includes('P2P') && !transports.includes('NVLS') && transports.length > 0)
    findings.push(makeFinding('nccl-fell-back', 'warning', { transports: transports.join(', '), env: envText }, n.debugLines.filter((l) => / via /.test(l)).slice(0, 4).join('\n')))
  const busbw = n?.result?.busbwGBps ?? null
  const ncclSlow = busbw !== null && expectedBus !== null && busbw < expectedBus * minFraction
  if (starved) {
    const measured = [
      ...(ncclSlow && busyIndices.size === 0 ? [`NCCL all-reduce ${gb(busbw)}/${gb(expectedBus)} GB/s`] : []),
      ...slowFree.map((p) => `P2P ${p.from}→${p.to} ${gb(p.copyGBps)}/${gb(p.expectedGBps)} GB/s`),
    ]
    if (measured.length)
      findings.push(
        makeFinding('links-measured-cpu-starved', 'warning', { cpus: compactCpus(processCpus), count: processCpus.length, needed: w.ordinals.length + 1, measured: measured.join(', ') }),
      )
  }
  if (busyIndices.size > 0) {
    const slowBusyCopies = slowCopies.filter((p) => busyIndices.has(p.from) || busyIndices.has(p.to))
    const measured = [
      // Figures only, no words: the Chinese message quotes them as they are.
      ...(ncclSlow ? [`NCCL all-reduce ${gb(busbw)}/${gb(expectedBus)} GB/s`] : []),
      ...slowBusyCopies.map((p) => `P2P ${p.from}→${p.to} ${gb(p.copyGBps)}/${gb(p.expectedGBps)} GB/s`),
    ]
    if (measured.length) {
      const busy = gpus.filter(busyOf)
      const free = gpus.filter((g) => !busyOf(g)).map((g) => g.shownIndex)
      findings.push(
        makeFinding('links-measured-while-busy', 'warning', {
          gpus: busy.map((g) => g.shownIndex).join(', '),
          processes: busy.map((g) => describeProcesses(g.sharing?.others ?? [])).join('; '),
          measured: measured.join(', '),
          freeGpus: free.length > 1 ? ` ${free.join(',')}` : '',
        }),
      )
    }
  } else if (ncclSlow && !starved)
    findings.push(
      makeFinding('links-slower-than-topology', 'warning', {
        busbw: gb(busbw),
        expected: gb(expectedBus),
        percent: Math.round((1 - busbw / expectedBus) * 100),
        transports: transports.join(', ') || '?',
        env: envText,
      }),
    )

  const evidence: LinksEvidence = {
    gpus: perGpu.map(({ cc: _cc, ...g }) => g),
    pairs,
    nccl: n
      ? {
          busbwGBps: busbw,
          algbwGBps: n.result?.algbwGBps ?? null,
          bytes: n.result?.bytes ?? null,
          ...(n.result?.iterations ? { iterations: n.result.iterations } : {}),
          expectedGBps: expectedBus,
          transports,
          timedOut: n.timedOut,
          deadlineS: n.deadlineS,
          errors: n.errors,
          debugLines: n.debugLines,
          env: n.env,
          ...(n.confFiles ? { confFiles: n.confFiles } : {}),
          ...(n.result?.phasesS ? { phasesS: n.result.phasesS } : {}),
        }
      : null,
    ...(w.copyMode ? { copyMode: w.copyMode } : {}),
    topology: facts?.topoText ?? null,
    problems: facts?.problems ?? ['nvidia-smi was not read for the links'],
    platform: { hypervisor: platform.hypervisor, dmiProduct: platform.dmiProduct, iommuGroups: platform.iommuGroups, kernelCmdline: platform.kernelCmdline, processCpus: processCpus ? compactCpus(processCpus) : null },
    meaning:
      `Bus bandwidth as nccl-tests defines it for all-reduce: algorithm bandwidth (bytes / time) × 2(n−1)/n, comparable with one GPU's link bandwidth per direction. 256 MiB float32, 3 warm-up + 10 timed, one process per GPU, NCCL_NVLS_ENABLE=0. P2P copies: 128 MiB, 5 timed, per ordered pair${copyModeText(w.copyMode)}. Expected: NVLinks × per-link rate, else PCIe generation × width (resources/data/gpu-expected-performance.json).`,
  }
  const leftOut = unmeasuredFinding(inputs, gpus.map((g) => g.shownIndex))
  if (leftOut) findings.push(leftOut)
  const copies = pairs.map((p) => p.copyGBps).filter((v): v is number => v !== null)
  const said =
    n?.timedOut || (n && !n.result)
      ? summary('links.failed', { count: gpus.length, reason: n.timedOut ? `NCCL all-reduce still running after ${n.deadlineS} s` : (n.errors[0] ?? '?') })
      : summary('links.ok', {
          count: gpus.length,
          busbw: gb(busbw),
          expected: gb(expectedBus),
          transports: transports.join(', ') || '?',
          peers: pairs.filter((p) => p.peerAccess).length,
          pairs: pairs.length,
          min: gb(copies.length ? Math.min(...copies) : null),
          max: gb(copies.length ? Math.max(...copies) : null),
        })
  return stepResult('gpu-links', statusFrom(findings), said, evidence, findings)
}

/** How the pairs were copied, for the evidence's method text. */
function copyModeText(m: LinksDone['copyMode']): string {
  if (m?.mode !== 'concurrent') return ', one pair at a time'
  return `, ${m.pairsPerRound ?? '?'} pairs at once in each of ${m.rounds} rounds (no GPU in two copies at once, each timed by CUDA events on its own stream); ${m.measuredAlone ?? 0} pair(s) well below the others measured again alone`
}

/** [0,1,2,3,8] → "0-3,8". */
function compactCpus(cpus: readonly number[]): string {
  const sorted = [...cpus].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`)
    i = j + 1
  }
  return parts.join(',')
}
