import type { TFunction } from 'i18next'

import type { Finding, StepResult } from '../../shared/diagnosis'
import { formatNumber } from '../components/format'
import { readConv, readCudnn, readGpuVisible, readLinkage, readSm } from './evidence'

/** A finding in the reader's language: the catalog text with its params, the core's English as fallback. */
export function findingText(f: Finding, t: TFunction): { title: string; message: string; fix: string } {
  return {
    title: t(`${f.id}.title`, { ns: 'findings', ...f.params, defaultValue: f.id }),
    message: t(`${f.id}.message`, { ns: 'findings', ...f.params, defaultValue: f.message }),
    fix: t(`${f.id}.fix`, { ns: 'findings', ...f.params, defaultValue: f.fix }),
  }
}

/**
 * English texts that the core already wrote (summaries, flag notes, the "why" of a library) are
 * shown as they are; in other languages the UI's own translation replaces them.
 */
export function coreOr(lang: string, core: string | null | undefined, translated: () => string): string {
  return lang.startsWith('en') && core ? core : translated()
}

const SKIP_REASONS: Array<[RegExp, string]> = [
  [/CPU-only build/i, 'sum.skip.cpuOnly'],
  [/PyTorch cannot use CUDA/i, 'sum.skip.noCuda'],
  [/CUDA is not available/i, 'sum.skip.cudaUnavailable'],
  [/could not be imported/i, 'sum.skip.noTorch'],
  [/not requested/i, 'sum.skip.notRequested'],
  [/Windows/i, 'sum.skip.windows'],
  [/nvidia-smi cannot sample/i, 'sum.skip.noSmi'],
]

function skipText(summary: string, t: TFunction): string {
  const probe = /the probe could not run: (.*)$/i.exec(summary)
  if (probe) return t('sum.skip', { reason: t('sum.skip.probe', { reason: probe[1] }) })
  const known = SKIP_REASONS.find(([re]) => re.test(summary))
  const reason = known ? t(known[1]) : summary.replace(/^Skipped[^:]*:\s*/i, '')
  return t('sum.skip', { reason })
}

function firstError(step: StepResult, t: TFunction): string | null {
  const f = step.findings.find((x) => x.severity === 'error') ?? step.findings[0]
  return f ? findingText(f, t).message : null
}

/** The step's one-line summary in `lang`; the core's own (English) summary where no translation fits. */
export function stepSummary(step: StepResult, t: TFunction, lang: string): string {
  if (lang.startsWith('en')) return step.summary
  return translatedSummary(step, t, lang) ?? step.summary
}

export function translatedSummary(step: StepResult, t: TFunction, lang: string): string | null {
  if (step.status === 'skip') return skipText(step.summary, t)
  const n = (v: number | null, digits = 0) => formatNumber(v, lang, digits)
  const e = step.evidence
  switch (step.id) {
    case 'gpu-visible': {
      const ev = readGpuVisible(e)
      if (step.status === 'fail') {
        const reason = firstError(step, t)
        if (!reason) return null
        return ev.torchVersion ? t('sum.gpuVisible.fail', { torch: ev.torchVersion, reason }) : reason
      }
      const names = ev.torchDevices.map((d) => `${d.name ?? '?'} (sm_${(d.cc ?? '').replace('.', '')})`).join(', ')
      return t('sum.gpuVisible.pass', { torch: ev.torchVersion ?? '?', cuda: ev.torchCuda ?? '?', names })
    }
    case 'cudnn-loaded': {
      const ev = readCudnn(e)
      if (step.status === 'fail') {
        const reason = firstError(step, t)
        return reason ? t('sum.cudnn.fail', { reason }) : null
      }
      if (!ev.version) return null
      return ev.expectedMajor !== null
        ? t('sum.cudnn.okExpected', { version: ev.version, expected: ev.expectedMajor })
        : t('sum.cudnn.ok', { version: ev.version })
    }
    case 'ldd-linkage': {
      const ev = readLinkage(e)
      const missing = ev.libraries.filter((l) => l.path === null).length
      if (step.status === 'fail') return missing ? t('sum.ldd.missing', { count: missing }) : t('sum.ldd.shadowed')
      if (ev.libraries.length === 0) return t('sum.ldd.none')
      const file = ev.mappedCudnn[0]
      return file ? t('sum.ldd.okMapped', { count: ev.libraries.length, file }) : t('sum.ldd.ok', { count: ev.libraries.length })
    }
    case 'sm-utilisation': {
      const ev = readSm(e)
      const g = ev.perGpu[0]
      if (!g) return null
      const params = { load: n(g.loadMean), idle: n(g.idleMean), tflops: n(g.tflops), percent: n(g.percentOfPeak) }
      return g.percentOfPeak !== null ? t('sum.smPeak', params) : t('sum.sm', params)
    }
    case 'conv-timing': {
      const ev = readConv(e)
      const rep = ev.cases.find((c) => c.label === 'representative') ?? ev.cases[ev.cases.length - 1]
      if (!rep) return null
      return t('sum.conv', { on: n(rep.onMs, 2), off: n(rep.offMs, 2), ratio: n(rep.ratio, 1) })
    }
  }
}
