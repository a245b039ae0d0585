import type { TFunction } from 'i18next'

import type { Diagnosis, Finding, StepId } from '../../../../shared/diagnosis'
import type { GpuState } from '../../../../shared/gpu'
import type { HealthResult } from '../../../../shared/health'
import type { HostFacts } from '../../../../shared/host'
import { STEP_IDS } from '../../../../shared/diagnosis'
import { FINDING_TEXTS } from '../../../../shared/i18n/findings'
import { renderFinding } from '../../../../shared/i18n/render-finding'
import { translateSummary } from '../../../../shared/i18n/translate-summary'
import type { MonitorSummary, Report, ReportLang } from '../../../../shared/report'
import { evidenceView } from './evidence-view'
import { gpuModelsLabel } from '../facts'
import { runOptionsOf } from '../../../../shared/run-options'
import { fmtBytesGiB, fmtNum, fmtText, fmtTime, yesNo } from './value-format'
import { reportTranslator } from './translator'
import type { ReportView, ViewFacts, ViewFinding, ViewTable } from './view-types'

const stepNumber = (id: StepId) => STEP_IDS.indexOf(id) + 1

/** The longest id shown for a finding this version does not know (ids come from report files too). */
const UNKNOWN_ID_MAX = 80

function findingView(f: Finding, step: StepId | null, t: TFunction, lang: ReportLang): ViewFinding {
  const stepTitle = step ? `${stepNumber(step)}. ${t(`step.${step}.title`, { ns: 'steps' })}` : null
  const { title, message, fix, known } = renderFinding(f, FINDING_TEXTS[lang])
  // An id from a file that this version does not know is named, cut to a length, under a title that says so.
  const id = known || f.id.length <= UNKNOWN_ID_MAX ? f.id : `${f.id.slice(0, UNKNOWN_ID_MAX)}…`
  return {
    id,
    known,
    severity: f.severity,
    severityLabel: t(`severity.${f.severity}`),
    title: known ? title : `${t('finding.unknown.title')} (${t('finding.unknown.id', { id })})`,
    message,
    fix,
    evidence: f.evidence,
    stepTitle,
  }
}

function gpuTable(gpu: GpuState | null, t: TFunction): ViewTable | null {
  if (gpu?.kind !== 'ok' || gpu.status.gpus.length === 0) return null
  const rows = gpu.status.gpus.map((g) => [
    String(g.index),
    g.name,
    fmtText(g.uuid),
    fmtText(g.busId),
    fmtText(g.computeCapability),
    `${fmtNum(g.memoryUsedMiB)} / ${fmtNum(g.memoryTotalMiB)}`,
    fmtNum(g.utilizationGpu),
    fmtNum(g.temperatureC),
    `${fmtNum(g.powerW)} / ${fmtNum(g.powerLimitW)}`,
    yesNo(g.persistenceMode, t),
    yesNo(g.migMode, t),
  ])
  const columns = ['index', 'name', 'uuid', 'busId', 'cc', 'memory', 'util', 'temp', 'power', 'persistence', 'mig'].map((c) => t(`gpu.col.${c}`))
  return { title: null, columns, rows, note: null }
}

/** An earlier run's GPUs as its diagnosis recorded them (PyTorch's devices), nothing read now. */
function runGpuTable(diagnosis: Diagnosis, t: TFunction): ViewTable | null {
  const gpus = diagnosis.environment.gpus ?? []
  if (gpus.length === 0) return null
  const rows = gpus.map((g) => [String(g.index), g.name, fmtText(g.uuid), fmtText(g.computeCapability)])
  return { title: t('gpu.run'), columns: ['index', 'name', 'uuid', 'cc'].map((c) => t(`gpu.col.${c}`)), rows, note: null }
}

/** Each GPU's link, memory errors and settings, the kernel log's state, and the findings. */
function healthView(h: HealthResult | null | undefined, t: TFunction, lang: ReportLang): ReportView['health'] {
  if (!h) return null
  const problems = h.findings.filter((f) => f.severity !== 'info').length
  const rows = h.gpus.map((g) => [
    String(g.index),
    g.name,
    fmtText(g.busId),
    `Gen ${fmtNum(g.pcie.genCurrent)}/${fmtNum(g.pcie.genMax)} x${fmtNum(g.pcie.widthCurrent)}/${fmtNum(g.pcie.widthMax)}`,
    `${fmtNum(g.ecc.volatileUncorrectable)} / ${fmtNum(g.ecc.aggregateUncorrectable)}`,
    g.remappedRows.failure ? t('health.remapFailed') : g.remappedRows.pending ? t('health.remapPending') : fmtNum(g.remappedRows.uncorrectable),
    yesNo(g.persistenceMode, t),
    `${fmtNum(g.power.limitW)} / ${fmtNum(g.power.defaultLimitW)}`,
    yesNo(g.migEnabled, t),
  ])
  const columns = ['index', 'name', 'busId', 'pcie', 'ecc', 'remap', 'persistence', 'power', 'mig'].map((c) => t(`health.col.${c}`))
  return {
    summary: problems ? t('health.problems', { count: problems, gpus: t('health.gpus', { count: h.gpus.length }) }) : t('health.ok', { count: h.gpus.length }),
    problems: problems > 0,
    table: { title: null, columns, rows, note: null },
    log: h.kernelLog.readable ? t('health.log.read', { source: h.kernelLog.source, count: h.kernelLog.xidCount }) : t('health.log.unreadable', { reason: h.kernelLog.reason }),
    findings: h.findings.map((f) => findingView(f, null, t, lang)),
  }
}

function gpuNote(gpu: GpuState | null, t: TFunction): string | null {
  if (gpu === null) return t('gpu.none')
  if (gpu.kind === 'error') {
    const message = t(gpu.problem.messageKey, { ns: 'problems', defaultValue: gpu.problem.message })
    return `${t('gpu.problem', { message })} ${gpu.problem.detail}`.trim()
  }
  return gpu.status.processes.length > 0 ? t('gpu.processes', { count: gpu.status.processes.length }) : null
}

function overview(report: Report, earlier: boolean, t: TFunction): ViewFacts {
  const f = report.facts
  const gpus = gpuModelsLabel(report.diagnosis, report.gpu)
  return [
    // A saved diagnosis does not record its host name: no row rather than one read here.
    ...(earlier && !f.hostname ? [] : [[t('fact.hostname'), fmtText(f.hostname)] as [string, string]]),
    [t('fact.gpuModels'), fmtText(gpus)],
    [t('fact.driverVersion'), f.driverVersion ? `${f.driverVersion} (CUDA ${fmtText(f.driverCuda)})` : '—'],
    [t('fact.torch'), f.torch ? `${f.torch} (CUDA ${fmtText(f.torchCuda)})` : '—'],
    [t('fact.cudnn'), fmtText(f.cudnn)],
    [t('fact.nccl'), fmtText(f.nccl)],
    [t('fact.python'), f.python ? `${f.python}${f.pythonVersion ? ` (${f.pythonVersion})` : ''}` : '—'],
    ...(f.image ? [[t('fact.image'), f.image] as [string, string]] : []),
    ...runOptionRows(report, t),
    [t('fact.os'), [f.os, f.kernel].filter(Boolean).join(', ') || '—'],
  ]
}

/** The run's options (cuDNN switched off by GPU Doctor …): part of the run, so part of its report. */
function runOptionRows(report: Report, t: TFunction): ViewFacts {
  const options = report.diagnosis ? runOptionsOf(report.diagnosis.environment) : []
  return options.length > 0 ? [[t('fact.runOptions'), options.map((o) => t(`runOption.${o}`)).join(', ')]] : []
}

/** A platform as people write it: linux → Linux (beside "Debian GNU/Linux 12", never a lower-case word of its own). */
const PLATFORM_NAMES: Readonly<Record<string, string>> = { linux: 'Linux', windows: 'Windows', win32: 'Windows', darwin: 'macOS' }
const platformName = (p: string) => PLATFORM_NAMES[p] ?? p

/** The OS a recommendation is for: this host's distribution where the report has it and it is that platform. */
function recommendedFor(platform: string, host: HostFacts | null): string {
  const distro = host && platformName(host.platform) === platformName(platform) ? [host.distro, host.release].filter(Boolean).join(' ') : ''
  return distro || platformName(platform)
}

function hostFacts(h: HostFacts | null, t: TFunction): ViewFacts {
  if (!h) return []
  return [
    [t('fact.hostname'), fmtText(h.hostname)],
    [t('fact.os'), [h.distro, h.release].filter(Boolean).join(' ') || platformName(h.platform)],
    [t('fact.kernel'), fmtText(h.kernel)],
    [t('fact.cpu'), h.cpuModel ? `${h.cpuModel} (${fmtText(h.cpuPhysicalCores)} / ${fmtText(h.cpuCores)})` : '—'],
    [t('fact.memory'), fmtBytesGiB(h.memoryTotalBytes)],
    [t('fact.kernelModule'), fmtText(h.kernelModuleDriverVersion)],
    [t('fact.container'), yesNo(h.isContainer, t)],
    [t('fact.wsl'), yesNo(h.isWsl, t)],
  ]
}

function monitorView(m: MonitorSummary | null, t: TFunction): NonNullable<ReportView['monitor']> {
  if (!m) return { table: null, note: t('monitor.none') }
  const s = (x: { min: number; mean: number; max: number } | null) => (x ? `${x.min} / ${x.mean} / ${x.max}` : '—')
  return {
    note: t('monitor.span', { count: m.samples, from: fmtTime(m.from), to: fmtTime(m.to) }),
    table: {
      title: null,
      columns: ['gpu', 'util', 'memory', 'temp', 'power', 'clock'].map((c) => t(`monitor.col.${c}`)),
      rows: m.gpus.map((g) => [String(g.index), s(g.utilizationGpu), s(g.memoryUsedMiB), s(g.temperatureC), s(g.powerW), s(g.smClockMHz)]),
      note: null,
    },
  }
}

/** The recommended images, best first, with the pull and run commands of the first. */
function recommendationView(report: Report, t: TFunction): ReportView['recommendation'] {
  const note = report.recommendationNote ? t(`recommendation.note.${report.recommendationNote}`, { defaultValue: report.recommendationNote }) : null
  const rec = report.recommendation
  if (!rec) return { intro: null, table: null, facts: [], lines: [], note }
  const i = rec.input
  const gpus = i.gpus.map((g) => `${g.name ?? '?'}${g.computeCapability ? ` (${g.computeCapability})` : ''}`).join(', ') || '—'
  const intro = t('recommendation.for', { gpus, driver: fmtText(i.driverVersion), cuda: fmtText(i.highestCuda), platform: recommendedFor(i.platform, report.host) })
  const best = rec.recommendations[0]
  const table: ViewTable | null = rec.recommendations.length
    ? {
        title: null,
        columns: ['image', 'pytorch', 'cuda', 'cudnn', 'compatibility', 'confidence'].map((c) => t(`rec.col.${c}`)),
        rows: rec.recommendations.slice(0, 5).map((r) => [r.image, fmtText(r.pytorch), r.cuda, fmtText(r.cudnn), t(`compat.${r.compatibility}`, { defaultValue: r.compatibility }), r.confidence]),
        note: rec.recommendations.length > 5 ? t('label.more', { count: rec.recommendations.length - 5 }) : null,
      }
    : null
  return {
    intro: rec.recommendations.length ? intro : t('recommendation.blockers'),
    table,
    facts: best ? [[t('recommendation.pull'), `\`${best.pull}\``], ['', `\`${best.run}\``], ...best.reasons.map((r, i): [string, string] => ['', reasonIn(t, r, best.reasonCodes?.[i])])] : [],
    lines: rec.blockers ?? [],
    note,
  }
}

/**
 * What the machine making the report read then, for a report of an earlier run: one section,
 * labelled as read now and not by the run, so no renderer can show it as the run's.
 */
function readNowView(report: Report, t: TFunction, lang: ReportLang): ReportView['readNow'] {
  const r = report.readNow
  if (!r) return null
  const run = report.diagnosis ? fmtTime(report.diagnosis.finishedAt) : '—'
  return {
    title: t('section.readNow'),
    note: t('readNow.note', { time: fmtTime(r.at), run }),
    host: hostFacts(r.host, t),
    gpus: gpuTable(r.gpu, t),
    gpuNote: gpuNote(r.gpu, t),
    health: healthView(r.health, t, lang),
    monitor: monitorView(r.monitor, t),
  }
}

/** The report in one language, as plain text pieces for the Markdown and HTML renderers. */
export function reportView(report: Report, lang: ReportLang): ReportView {
  const t = reportTranslator(lang)
  const steps = (report.diagnosis?.steps ?? []).map((s) => {
    const evidence = evidenceView(s, t)
    return {
      id: s.id,
      number: stepNumber(s.id),
      title: t(`step.${s.id}.title`, { ns: 'steps' }),
      what: t(`step.${s.id}.what`, { ns: 'steps' }),
      status: s.status,
      verdict: t(`verdict.${s.status}`),
      summary: translateSummary(s, (key, options) => t(key, options)),
      duration: s.durationMs > 0 ? t('label.duration', { seconds: (s.durationMs / 1000).toFixed(1) }) : null,
      facts: evidence.facts,
      tables: evidence.tables,
      findings: s.findings.map((f) => findingView(f, null, t, lang)),
    }
  })
  const d = report.diagnosis
  const earlier = report.readNow != null
  return {
    lang,
    title: t('title'),
    generated: t('generated', { time: fmtTime(report.generatedAt), version: report.gpuDoctorVersion }),
    privacy: t(report.redacted ? 'redacted' : 'notRedacted'),
    summary: steps.map(({ id, number, title, status, verdict, summary }) => ({ id, number, title, status, verdict, summary })),
    overview: overview(report, earlier, t),
    host: hostFacts(report.host, t),
    gpus: earlier && d ? runGpuTable(d, t) : gpuTable(report.gpu, t),
    gpuNote: earlier && d ? (d.environment.gpus?.length ? null : t('gpu.noneRun')) : gpuNote(report.gpu, t),
    health: healthView(report.health, t, lang),
    steps,
    noDiagnosis: d ? null : t('diagnosis.none'),
    findings: report.findings.map((f) => findingView(f, f.step, t, lang)),
    findingsTitle: t('section.findings', { count: report.findings.length }),
    recommendation: recommendationView(report, t),
    monitor: earlier ? null : monitorView(report.monitor, t),
    readNow: readNowView(report, t, lang),
    versions: [
      [t('version.gpuDoctor'), report.gpuDoctorVersion],
      ...report.dataTables.map((d): [string, string] => [t('version.dataTable', { name: d.name }), fmtText(d.dataVersion)]),
      [t('time.generated'), fmtTime(report.generatedAt)],
      ...(d
        ? ([
            [t('time.started'), fmtTime(d.startedAt)],
            [t('time.finished'), fmtTime(d.finishedAt)],
          ] as Array<[string, string]>)
        : []),
      ...(report.diagnosisSource ? [[t('time.source'), t(`diagnosis.source.${report.diagnosisSource}`)] as [string, string]] : []),
    ],
    labels: {
      summary: t('section.summary'),
      health: t('section.health'),
      machine: t('section.machine'),
      steps: t('section.steps'),
      recommendation: t('section.recommendation'),
      monitor: t('section.monitor'),
      readNow: t('section.readNow'),
      versions: t('section.versions'),
      step: t('col.step'),
      verdict: t('col.verdict'),
      what: t('label.what'),
      fix: t('label.fixPrefix'),
      evidence: t('label.evidence'),
      findings: t('label.findings'),
      noFindings: t('findings.none'),
      smChart: t('chart.sm.title'),
      convChart: t('chart.conv.title'),
      convOn: t('chart.conv.on'),
      convOff: t('chart.conv.off'),
      seconds: t('chart.sm.axis'),
    },
  }
}

/** A recommendation reason in the report's language when the engine sent its code. */
function reasonIn(t: (key: string, options?: Record<string, unknown>) => string, english: string, code: { code: string; vars: Record<string, string | number> } | undefined): string {
  return code ? t(code.code, { ns: 'reasons', ...code.vars, defaultValue: english }) : english
}
