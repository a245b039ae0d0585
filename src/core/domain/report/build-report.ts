import type { Diagnosis } from '../../../shared/diagnosis'
import type { GpuState, MonitorSample } from '../../../shared/gpu'
import type { HealthResult } from '../../../shared/health'
import type { HostFacts } from '../../../shared/host'
import type { DataTableVersion, Report, ReportFinding } from '../../../shared/report'
import { GPU_DOCTOR_VERSION } from '../../../shared/version'
import { reportFacts } from './facts'
import { summarizeMonitor } from './monitor-summary'
import { recommendationFor, recommendationForRun, type RecommendationSlot } from './recommendation'

export interface ReportParts {
  diagnosis: Diagnosis | null
  diagnosisSource: Report['diagnosisSource']
  /** Read on this machine now (nvidia-smi, the preflight, the host, the live monitor). */
  gpu: GpuState | null
  /** The hardware preflight of this machine; null or absent when it was not (or could not be) read. */
  health?: HealthResult | null
  host: HostFacts | null
  dataTables: DataTableVersion[]
  monitorSamples?: readonly MonitorSample[]
  /** Defaults to recommendationFor(gpu, host), or for an earlier run to what its environment recorded. */
  recommendation?: RecommendationSlot
  generatedAt?: Date
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const

/** Every finding of every step, errors first, each with the step it came from. */
export function allFindings(diagnosis: Diagnosis | null): ReportFinding[] {
  const list = (diagnosis?.steps ?? []).flatMap((s) => s.findings.map((f) => ({ ...f, step: s.id })))
  return list.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
}

/** A diagnosis that did not run for this report: what is read now is not what it recorded. */
export function isEarlierRun(diagnosis: Diagnosis | null, source: Report['diagnosisSource']): boolean {
  return diagnosis !== null && source !== 'run'
}

/**
 * Assembles the language-independent report object (pure: every fact is passed in). For an earlier
 * run, the facts, GPUs and recommendation come from what the run recorded; what this machine says
 * now goes under readNow, never among them.
 */
export function buildReport(parts: ReportParts): Report {
  const samples: readonly MonitorSample[] = parts.monitorSamples ?? []
  const generatedAt = (parts.generatedAt ?? new Date()).toISOString()
  const earlier = isEarlierRun(parts.diagnosis, parts.diagnosisSource)
  const slot = parts.recommendation ?? (earlier ? recommendationForRun(parts.diagnosis!) : recommendationFor(parts.gpu, parts.host))
  const monitor = summarizeMonitor(samples)
  const health = parts.health ?? null
  return {
    kind: 'gpu-doctor-report',
    reportVersion: 1,
    generatedAt,
    redacted: false,
    gpuDoctorVersion: GPU_DOCTOR_VERSION,
    dataTables: parts.dataTables,
    facts: earlier ? reportFacts(parts.diagnosis, null, null) : reportFacts(parts.diagnosis, parts.gpu, parts.host),
    host: earlier ? null : parts.host,
    gpu: earlier ? null : parts.gpu,
    health: earlier ? null : health,
    diagnosis: parts.diagnosis,
    diagnosisSource: parts.diagnosis ? parts.diagnosisSource : null,
    findings: allFindings(parts.diagnosis),
    recommendation: slot.recommendation,
    recommendationNote: slot.note,
    monitor: earlier ? null : monitor,
    readNow: earlier ? { at: generatedAt, host: parts.host, gpu: parts.gpu, health, monitor } : null,
  }
}
