import type { TFunction } from 'i18next'

import type { StepResult } from '../../../../shared/diagnosis'
import type { ConvEvidence, CudnnEvidence, ExpectedCheck, GpuVisibleEvidence, LinkageEvidence, LinksEvidence, SmEvidence } from '../../../../shared/evidence'
import { CUDNN_FLAGS } from '../../../../shared/evidence'
import { convMethodOf, groupByOrigin, visibleDevicesText } from '../../../../shared/evidence-derive'
import { ncclSettingsText } from '../../../../shared/nccl-settings'
import { fmtMs, fmtNum, fmtText, yesNo } from './value-format'
import type { ViewFacts, ViewTable } from './view-types'

/** Longest table a report prints in full; the rest is counted ("… and 12 more"). */
export const MAX_ROWS = 40

type View = { facts: ViewFacts; tables: Array<ViewTable | null> }

function table(t: TFunction, title: string | null, columns: string[], rows: string[][]): ViewTable | null {
  if (rows.length === 0) return null
  const note = rows.length > MAX_ROWS ? t('label.more', { count: rows.length - MAX_ROWS }) : null
  return { title, columns, rows: rows.slice(0, MAX_ROWS), note }
}

function gpuVisible(e: GpuVisibleEvidence, t: TFunction): View {
  return {
    facts: [
      [t('ev.python'), fmtText(e.python)],
      [t('ev.torchVersion'), fmtText(e.torchVersion)],
      [t('ev.torchCuda'), fmtText(e.torchCuda)],
      [t('ev.cudaAvailable'), yesNo(e.cudaAvailable ?? null, t)],
      [t('ev.cudaVisibleDevices'), e.cudaVisibleDevices === null || e.cudaVisibleDevices === undefined ? t('ev.unset') : e.cudaVisibleDevices === '' ? t('ev.emptyValue') : visibleDevicesText(e.cudaVisibleDevices)],
      [t('ev.archList'), (e.archList ?? []).join(' ') || '—'],
      [t('ev.driver'), e.driverVersion ? `${e.driverVersion} (CUDA ${fmtText(e.driverCuda)})` : '—'],
      ...(e.warnings ?? []).map((w): [string, string] => [t('ev.warnings'), w]),
      ...(e.importError ? [[t('ev.importError'), e.importError] as [string, string]] : []),
    ],
    tables: [
      table(
        t,
        t('ev.torchDevices'),
        ['#', t('gpu.col.name'), t('gpu.col.cc'), t('ev.col.memoryGiB'), t('ev.col.sms'), t('ev.col.exercised')],
        (e.torchDevices ?? []).map((d) => [
          String(d.index),
          d.name,
          d.cc,
          fmtNum(d.totalMemory / 1024 ** 3, 1),
          String(d.smCount),
          !d.exercise ? '—' : d.exercise.ok ? t('ev.exerciseOk') : t('ev.exerciseFailed', { call: d.exercise.failedCall ?? '?', error: d.exercise.error ?? '?' }),
        ]),
      ),
      table(
        t,
        t('ev.environment'),
        [t('ev.col.variable'), t('ev.col.value'), t('ev.col.effectClass'), t('ev.col.meaning'), t('ev.col.source')],
        (e.environment ?? []).map((r) => [r.name, r.value, t(`ev.envClass.${r.class}`), r.effect, r.source ?? '—']),
      ),
      table(
        t,
        t('ev.archCoverage'),
        [t('ev.col.arch'), t('ev.col.covered'), t('ev.col.via')],
        (e.archCoverage ?? []).map((a) => [a.gpuArch, yesNo(a.covered, t), [a.via, a.entry].filter(Boolean).join(' ') || '—']),
      ),
    ],
  }
}

function cudnnLoaded(e: CudnnEvidence, t: TFunction): View {
  const expected = e.expectedMajor ?? null
  return {
    facts: [
      [t('ev.available'), yesNo(e.available ?? null, t)],
      [t('ev.enabled'), yesNo(e.enabled ?? null, t)],
      [t('ev.cudnnVersion'), fmtText(e.version)],
      [t('ev.expectedMajor'), expected === null ? '—' : `${expected}.x`],
      [t('ev.nccl'), fmtText(e.nccl)],
    ],
    tables: [
      table(
        t,
        t('ev.flags'),
        [t('ev.col.flag'), t('col.value'), t('ev.col.meaning')],
        CUDNN_FLAGS.flatMap((f) => {
          const flag = e.flags?.[f]
          return flag ? [[f, yesNo(flag.value, t), t(`ev.note.${f}`, { defaultValue: flag.note })]] : []
        }),
      ),
    ],
  }
}

function lddLinkage(e: LinkageEvidence, t: TFunction): View {
  const rows = groupByOrigin(e.libraries ?? []).flatMap((g) =>
    g.libraries.map((l) => [l.name, t(`ev.origin.${g.origin}`, { defaultValue: g.origin }), l.path ?? t('ev.origin.missing')]),
  )
  const mapped = e.mappedCudnn ?? []
  return {
    facts: [
      [t('ev.ldLibraryPath'), (e.ldLibraryPath ?? []).join(':') || t('ev.unset')],
      [t('ev.mappedCudnn'), mapped[0] ? `${mapped[0]}${mapped.length > 1 ? ` (+${mapped.length - 1})` : ''}` : '—'],
      [t('ev.inspected'), (e.inspected ?? []).join(', ') || '—'],
    ],
    tables: [
      table(t, t('ev.libraries'), [t('ev.col.library'), t('ev.col.origin'), t('ev.col.path')], rows),
      table(
        t,
        t('ev.mappedOrigins'),
        [t('ev.col.path'), t('ev.col.origin'), t('ev.col.realPath')],
        (e.mappedOrigins ?? []).map((m) => [m.path, t(`ev.origin.${m.origin}`), m.realPath]),
      ),
      table(t, t('ev.otherCudnnCopies'), [t('ev.col.path'), t('ev.col.realPath')], (e.otherCudnnCopies ?? []).map((c) => [c.path, c.realPath])),
    ],
  }
}

/** "1 NVIDIA H200 (cuda:0, busy with another process)": nvidia-smi's number first, CUDA's when it differs. */
function gpuLabel(g: { index: number; name: string | null; cudaOrdinal?: number; contended?: boolean }, t: TFunction): string {
  const notes = [
    ...(g.cudaOrdinal !== undefined && g.cudaOrdinal !== g.index ? [`cuda:${g.cudaOrdinal}`] : []),
    ...(g.contended ? [t('ev.busy')] : []),
  ]
  return `${g.index} ${g.name ?? ''}`.trim() + (notes.length ? ` (${notes.join(', ')})` : '')
}

function expectedTable(e: { expected?: ExpectedCheck[] }, t: TFunction): ViewTable | null {
  return table(
    t,
    t('ev.expected'),
    ['GPU', t('ev.col.what'), t('ev.col.model'), t('ev.col.measured'), t('ev.col.expected'), t('ev.col.slower'), t('ev.col.allowed'), t('ev.col.basis')],
    (e.expected ?? []).map((x) => [
      String(x.index),
      x.what,
      fmtText(x.model),
      fmtNum(x.measured, x.what === 'matmul' ? 0 : 3),
      fmtNum(x.expected, x.what === 'matmul' ? 0 : 3),
      fmtNum(x.slowerPercent, 1),
      fmtNum(x.thresholdPercent, 1),
      `${t(`ev.basis.${x.basis}`)}${x.source ? ` [${x.source}]` : ''}`,
    ]),
  )
}

function smUtilisation(e: SmEvidence, t: TFunction): View {
  return {
    facts: [
      [t('ev.kernel'), fmtText(e.kernel)],
      [t('ev.seconds'), fmtNum(e.seconds, 1)],
      ...(e.runOnFree ? [[t('ev.runOnFree'), e.runOnFree] as [string, string]] : []),
    ],
    tables: [
      table(
        t,
        t('ev.perGpu'),
        ['GPU', t('ev.col.idle'), t('ev.col.load'), t('ev.col.peak'), t('ev.col.tflops'), t('ev.col.halves'), t('ev.col.percentOfPeak'), t('ev.col.power'), t('ev.col.clock'), t('ev.col.throttles')],
        (e.perGpu ?? []).map((g) => [
          gpuLabel(g, t),
          fmtNum(g.idleMean),
          fmtNum(g.loadMean),
          fmtNum(g.loadPeak),
          fmtNum(g.tflops),
          g.halvesTflops ? `${fmtNum(g.halvesTflops[0])} / ${fmtNum(g.halvesTflops[1])} (${fmtNum(g.steadinessPercent ?? null, 1)} %)` : '—',
          fmtNum(g.percentOfPeak),
          `${fmtNum(g.powerMeanW)} / ${fmtNum(g.powerLimitW)}`,
          fmtNum(g.smClockMeanMHz),
          g.throttles.map((x) => t(`throttle.${x}`, { defaultValue: x })).join(', ') || t('label.none'),
        ]),
      ),
      expectedTable(e, t),
      table(
        t,
        t('ev.memory'),
        ['GPU', t('ev.col.deviceCopy'), t('ev.col.datasheetMemory'), t('ev.col.h2dPinned'), t('ev.col.d2hPinned'), t('ev.col.h2dPageable'), t('ev.col.d2hPageable'), t('ev.col.pcieLink'), t('ev.col.linkGBps')],
        (e.memory ?? []).map((m) => [
          String(m.index),
          fmtNum(m.deviceCopyGBps),
          fmtNum(m.datasheetGBps),
          fmtNum(m.h2dPinnedGBps, 1),
          fmtNum(m.d2hPinnedGBps, 1),
          fmtNum(m.h2dPageableGBps, 1),
          fmtNum(m.d2hPageableGBps, 1),
          fmtText(m.link),
          fmtNum(m.linkGBps, 1),
        ]),
      ),
      table(t, t('ev.otherProcesses'), ['PID', t('gpu.col.name'), 'MiB'], (e.otherProcesses ?? []).map((p) => [fmtText(p.pid), p.name, fmtText(p.usedMemoryMiB)])),
    ],
  }
}

/** The timing method in the report's language when it is one of the probe's two; else the core's words. */
function methodText(method: string | null | undefined, t: TFunction): string {
  const known = convMethodOf(method)
  if (!known) return fmtText(method)
  return known.key === 'blocks' ? t('ev.method.blocks', { seconds: known.seconds }) : t('ev.method.fixed')
}

function convTiming(e: ConvEvidence, t: TFunction): View {
  const peak = e.peak
  return {
    facts: [
      [t('ev.gpu'), fmtText(e.gpu)],
      [t('ev.peakRef'), peak ? `${peak.label}: ${fmtNum(peak.fp16TensorDense, 1)} TFLOP/s FP16/BF16, ${fmtNum(peak.fp32, 1)} FP32` : '—'],
      [t('ev.method'), methodText(e.method, t)],
    ],
    tables: [
      table(
        t,
        t('ev.cases'),
        [t('ev.col.case'), t('ev.col.shape'), t('ev.col.onMs'), t('ev.col.offMs'), t('ev.col.speedup'), t('ev.col.tflops'), t('ev.col.percentOfPeak')],
        (e.cases ?? []).map((c) => [t(`ev.case.${c.label}`, { defaultValue: c.label }), c.shape, fmtMs(c.onMs), fmtMs(c.offMs), `${fmtNum(c.ratio, 1)}×`, fmtNum(c.onTflops, 1), fmtNum(c.percentOfPeakOn)]),
      ),
      (e.perGpu?.length ?? 0) > 1
        ? table(
            t,
            t('ev.convPerGpu'),
            ['GPU', t('ev.col.case'), t('ev.col.onMs'), t('ev.col.offMs'), t('ev.col.speedup')],
            (e.perGpu ?? []).flatMap((g) =>
              g.cases.map((c) => [gpuLabel(g, t), t(`ev.case.${c.label}`, { defaultValue: c.label }), fmtMs(c.onMs), fmtMs(c.offMs), `${fmtNum(c.ratio, 1)}×`]),
            ),
          )
        : null,
      expectedTable(e, t),
    ],
  }
}

type LinkPhases = NonNullable<NonNullable<LinksEvidence['nccl']>['phasesS']>

/** Rank 0's clock; probes before 1.6 made the communicator after the go, with no separate first all-reduces. */
function linkPhasesText(p: LinkPhases, t: TFunction): string {
  const s = (v: number) => fmtNum(v, 2)
  return p.connectS === undefined
    ? t('ev.links.phasesText', { context: s(p.contextS), communicator: s(p.communicatorS), measure: s(p.measureS) })
    : t('ev.links.phasesTextOverlap', { context: s(p.contextS), communicator: s(p.communicatorS), waited: s(p.probeWaitedS ?? 0), connect: s(p.connectS), measure: s(p.measureS) })
}

function gpuLinks(e: LinksEvidence, t: TFunction): View {
  const n = e.nccl
  return {
    facts: [
      [t('ev.links.busbw'), n ? `${fmtNum(n.busbwGBps, 1)} GB/s (${t('ev.links.expected')} ${fmtNum(n.expectedGBps, 0)} GB/s)` : '—'],
      [t('ev.links.transports'), n?.transports.join(', ') || '—'],
      [t('ev.links.deadline'), n ? `${n.deadlineS} s${n.timedOut ? ` — ${t('ev.links.timedOut')}` : ''}` : '—'],
      ...(n?.phasesS
        ? [
            [
              t('ev.links.phases'),
              linkPhasesText(n.phasesS, t),
            ] as [string, string],
          ]
        : []),
      [t('ev.links.env'), n ? ncclSettingsText(n.env, n.confFiles) || t('ev.unset') : '—'],
      [t('ev.links.platform'), e.platform ? `VM ${yesNo(e.platform.hypervisor, t)}${e.platform.dmiProduct ? ` (${e.platform.dmiProduct})` : ''}, IOMMU groups ${fmtText(e.platform.iommuGroups)}, CPUs ${fmtText(e.platform.processCpus)}` : '—'],
      ...((e.problems ?? []).length ? [[t('ev.links.problems'), (e.problems ?? []).join('; ')] as [string, string]] : []),
    ],
    tables: [
      table(
        t,
        t('ev.links.gpus'),
        ['GPU', 'NVLink', 'PCIe', 'NUMA', t('ev.links.cpus'), t('ev.links.linkGBps')],
        (e.gpus ?? []).map((g) => [
          `${g.index} ${g.name ?? ''}`.trim(),
          g.nvlinkActive === null ? '—' : `${g.nvlinkActive} / ${(g.nvlinkActive ?? 0) + (g.nvlinkInactive ?? 0)}`,
          fmtText(g.pcie),
          fmtText(g.numa),
          fmtText(g.cpuAffinity),
          fmtNum(g.linkGBps, 0),
        ]),
      ),
      table(
        t,
        t('ev.links.pairs'),
        [t('ev.links.from'), t('ev.links.to'), t('ev.links.link'), 'P2P', t('ev.links.copy'), t('ev.links.expectedCol')],
        (e.pairs ?? []).map((p) => [String(p.from), String(p.to), fmtText(p.link), yesNo(p.peerAccess, t), fmtNum(p.copyGBps, 1), fmtNum(p.expectedGBps, 0)]),
      ),
      table(t, t('ev.links.ncclLines'), ['NCCL'], (n?.debugLines ?? []).map((l) => [l])),
    ],
  }
}

function viewOf(step: StepResult, t: TFunction): View {
  switch (step.id) {
    case 'gpu-visible':
      return gpuVisible(step.evidence, t)
    case 'cudnn-loaded':
      return cudnnLoaded(step.evidence, t)
    case 'ldd-linkage':
      return lddLinkage(step.evidence, t)
    case 'sm-utilisation':
      return smUtilisation(step.evidence, t)
    case 'conv-timing':
      return convTiming(step.evidence, t)
    case 'gpu-links':
      return gpuLinks(step.evidence, t)
  }
}

/** A step's evidence as labelled facts and tables in the report's language. */
export function evidenceView(step: StepResult, t: TFunction): { facts: ViewFacts; tables: ViewTable[] } {
  if (Object.keys(step.evidence).length === 0) return { facts: [], tables: [] }
  const view = viewOf(step, t)
  return { facts: view.facts, tables: view.tables.filter((x): x is ViewTable => x !== null) }
}
