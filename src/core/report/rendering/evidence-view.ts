import type { TFunction } from 'i18next'

import type { StepId, StepResult } from '../../../shared/diagnosis'
import { fmtMs, fmtNum, fmtText, yesNo } from './value-format'
import { bool, isObj, type Json, num, objs, str, strs } from '../json-read'
import type { ViewFacts, ViewTable } from './view-types'

/** Longest table a report prints in full; the rest is counted ("… and 12 more"). */
export const MAX_ROWS = 40

const ORIGINS = ['missing', 'wheel', 'torch', 'conda', 'ld-library-path', 'cuda-toolkit', 'system', 'driver', 'other']
const FLAGS = ['benchmark', 'deterministic', 'allowTf32', 'matmulAllowTf32'] as const

function table(t: TFunction, title: string | null, columns: string[], rows: string[][]): ViewTable | null {
  if (rows.length === 0) return null
  const note = rows.length > MAX_ROWS ? t('label.more', { count: rows.length - MAX_ROWS }) : null
  return { title, columns, rows: rows.slice(0, MAX_ROWS), note }
}

/** CUDA_VISIBLE_DEVICES: unset and empty mean different things, so both are shown. */
function envValue(v: unknown): string {
  if (v === null || v === undefined) return '(unset)'
  return v === '' ? '"" (empty)' : String(v)
}

function gpuVisible(e: Json, t: TFunction): { facts: ViewFacts; tables: Array<ViewTable | null> } {
  const driver = str(e.driverVersion)
  return {
    facts: [
      [t('ev.python'), fmtText(str(e.python))],
      [t('ev.torchVersion'), fmtText(str(e.torchVersion))],
      [t('ev.torchCuda'), fmtText(str(e.torchCuda))],
      [t('ev.cudaAvailable'), yesNo(bool(e.cudaAvailable), t)],
      [t('ev.cudaVisibleDevices'), envValue(e.cudaVisibleDevices)],
      [t('ev.archList'), strs(e.archList).join(' ') || '—'],
      [t('ev.driver'), driver ? `${driver} (CUDA ${fmtText(str(e.driverCuda))})` : '—'],
      ...strs(e.warnings).map((w): [string, string] => [t('ev.warnings'), w]),
    ],
    tables: [
      table(
        t,
        t('ev.torchDevices'),
        ['#', t('gpu.col.name'), t('gpu.col.cc'), t('ev.col.memoryGiB'), t('ev.col.sms')],
        objs(e.torchDevices).map((d) => [
          fmtText(num(d.index)),
          fmtText(str(d.name)),
          fmtText(str(d.cc)),
          num(d.totalMemory) === null ? '—' : fmtNum(num(d.totalMemory)! / 1024 ** 3, 1),
          fmtText(num(d.smCount)),
        ]),
      ),
      table(
        t,
        t('ev.archCoverage'),
        [t('ev.col.arch'), t('ev.col.covered'), t('ev.col.via')],
        objs(e.archCoverage).map((a) => [fmtText(str(a.gpuArch)), yesNo(bool(a.covered), t), [str(a.via), str(a.entry)].filter(Boolean).join(' ') || '—']),
      ),
    ],
  }
}

function cudnnLoaded(e: Json, t: TFunction): { facts: ViewFacts; tables: Array<ViewTable | null> } {
  const flags = isObj(e.flags) ? e.flags : {}
  const expected = num(e.expectedMajor)
  return {
    facts: [
      [t('ev.available'), yesNo(bool(e.available), t)],
      [t('ev.enabled'), yesNo(bool(e.enabled), t)],
      [t('ev.cudnnVersion'), fmtText(str(e.version))],
      [t('ev.expectedMajor'), expected === null ? '—' : `${expected}.x`],
      [t('ev.nccl'), fmtText(str(e.nccl))],
    ],
    tables: [
      table(
        t,
        t('ev.flags'),
        [t('ev.col.flag'), t('col.value'), t('ev.col.meaning')],
        FLAGS.filter((f) => isObj(flags[f])).map((f) => {
          const flag = flags[f] as Json
          return [f, yesNo(bool(flag.value), t), t(`ev.note.${f}`, { defaultValue: str(flag.note) ?? '' })]
        }),
      ),
    ],
  }
}

function lddLinkage(e: Json, t: TFunction): { facts: ViewFacts; tables: Array<ViewTable | null> } {
  const seen = new Set<string>()
  const libs = objs(e.libraries)
    .map((l) => ({ name: str(l.name) ?? '?', path: str(l.path), origin: str(l.path) === null ? 'missing' : (str(l.origin) ?? 'other') }))
    .filter((l) => {
      const key = `${l.name}\u0000${l.path ?? ''}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .sort((a, b) => ORIGINS.indexOf(a.origin) - ORIGINS.indexOf(b.origin) || a.name.localeCompare(b.name))
  const mapped = strs(e.mappedCudnn)
  return {
    facts: [
      [t('ev.ldLibraryPath'), strs(e.ldLibraryPath).join(':') || '(unset)'],
      [t('ev.mappedCudnn'), mapped[0] ? `${mapped[0]}${mapped.length > 1 ? ` (+${mapped.length - 1})` : ''}` : '—'],
      [t('ev.inspected'), strs(e.inspected).join(', ') || '—'],
    ],
    tables: [
      table(
        t,
        t('ev.libraries'),
        [t('ev.col.library'), t('ev.col.origin'), t('ev.col.path')],
        libs.map((l) => [l.name, t(`ev.origin.${l.origin}`, { defaultValue: l.origin }), l.path ?? t('ev.origin.missing')]),
      ),
      table(
        t,
        t('ev.otherCudnnCopies'),
        [t('ev.col.path'), t('ev.col.realPath')],
        objs(e.otherCudnnCopies).map((c) => [fmtText(str(c.path)), fmtText(str(c.realPath))]),
      ),
    ],
  }
}

function smUtilisation(e: Json, t: TFunction): { facts: ViewFacts; tables: Array<ViewTable | null> } {
  return {
    facts: [
      [t('ev.kernel'), fmtText(str(e.kernel))],
      [t('ev.seconds'), fmtNum(num(e.seconds), 1)],
    ],
    tables: [
      table(
        t,
        t('ev.perGpu'),
        ['GPU', t('ev.col.idle'), t('ev.col.load'), t('ev.col.peak'), t('ev.col.tflops'), t('ev.col.percentOfPeak'), t('ev.col.power'), t('ev.col.clock'), t('ev.col.throttles')],
        objs(e.perGpu).map((g) => [
          `${fmtText(num(g.index))} ${str(g.name) ?? ''}`.trim(),
          fmtNum(num(g.idleMean)),
          fmtNum(num(g.loadMean)),
          fmtNum(num(g.loadPeak)),
          fmtNum(num(g.tflops)),
          fmtNum(num(g.percentOfPeak)),
          `${fmtNum(num(g.powerMeanW))} / ${fmtNum(num(g.powerLimitW))}`,
          fmtNum(num(g.smClockMeanMHz)),
          strs(g.throttles).join(', ') || t('label.none'),
        ]),
      ),
      table(
        t,
        t('ev.otherProcesses'),
        ['PID', t('gpu.col.name'), 'MiB'],
        objs(e.otherProcesses).map((p) => [fmtText(num(p.pid)), fmtText(str(p.name)), fmtText(num(p.usedMemoryMiB))]),
      ),
    ],
  }
}

function convTiming(e: Json, t: TFunction): { facts: ViewFacts; tables: Array<ViewTable | null> } {
  const peak = isObj(e.peak) ? e.peak : null
  return {
    facts: [
      [t('ev.gpu'), fmtText(str(e.gpu))],
      [t('ev.peakRef'), peak ? `${fmtText(str(peak.label))}: ${fmtNum(num(peak.fp16TensorDense), 1)} TFLOP/s FP16/BF16, ${fmtNum(num(peak.fp32), 1)} FP32` : '—'],
      [t('ev.method'), fmtText(str(e.method))],
    ],
    tables: [
      table(
        t,
        t('ev.cases'),
        [t('ev.col.case'), t('ev.col.shape'), t('ev.col.onMs'), t('ev.col.offMs'), t('ev.col.speedup'), t('ev.col.tflops'), t('ev.col.percentOfPeak')],
        objs(e.cases).map((c) => [
          fmtText(str(c.label)),
          fmtText(str(c.shape)),
          fmtMs(num(c.onMs)),
          fmtMs(num(c.offMs)),
          num(c.ratio) === null ? '—' : `${fmtNum(num(c.ratio), 1)}×`,
          fmtNum(num(c.onTflops), 1),
          fmtNum(num(c.percentOfPeakOn)),
        ]),
      ),
    ],
  }
}

type EvidenceReader = (e: Json, t: TFunction) => { facts: ViewFacts; tables: Array<ViewTable | null> }

const READERS: Record<StepId, EvidenceReader> = {
  'gpu-visible': gpuVisible,
  'cudnn-loaded': cudnnLoaded,
  'ldd-linkage': lddLinkage,
  'sm-utilisation': smUtilisation,
  'conv-timing': convTiming,
}

/** A step's evidence as labelled facts and tables in the report's language. */
export function evidenceView(step: StepResult, t: TFunction): { facts: ViewFacts; tables: ViewTable[] } {
  if (Object.keys(step.evidence).length === 0) return { facts: [], tables: [] }
  const view = READERS[step.id](step.evidence, t)
  return { facts: view.facts, tables: view.tables.filter((x): x is ViewTable => x !== null) }
}
