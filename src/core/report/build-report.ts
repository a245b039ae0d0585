import type { Diagnosis } from '../../shared/diagnosis'
import type { GpuState, MonitorSample } from '../../shared/gpu'
import type { HealthResult } from '../../shared/health'
import type { HostFacts } from '../../shared/host'
import type { DataTableVersion, Report, ReportFinding } from '../../shared/report'
import { GPU_DOCTOR_VERSION } from '../../shared/version'
import { reportFacts } from './facts'
import { summarizeMonitor } from './monitor-summary'
import { recommendationFor, type RecommendationSlot } from './recommendation'

export interface ReportParts {
  diagnosis: Diagnosis | null
  diagnosisSource: Report['diagnosisSource']
  gpu: GpuState | null
  /** The hardware preflight of this machine; null or absent when it was not (or could not be) read. */
  health?: HealthResult | null
  host: HostFacts | null
  dataTables: DataTableVersion[]
  monitorSamples?: readonly MonitorSample[]
  /** Defaults to recommendationFor(gpu, host). */
  recommendation?: RecommendationSlot
  generatedAt?: Date
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const

/** Every finding of every step, errors first, each with the step it came from. */
export function allFindings(diagnosis: Diagnosis | null): ReportFinding[] {
  const list = (diagnosis?.steps ?? []).flatMap((s) => s.findings.map((f) => ({ ...f, step: s.id })))
  return list.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
}

/** Assembles the language-independent report object (pure: every fact is passed in). */
export function buildReport(parts: ReportParts): Report {
  const slot = parts.recommendation ?? recommendationFor(parts.gpu, parts.host)
  const samples: readonly MonitorSample[] = parts.monitorSamples ?? []
  return {
    kind: 'gpu-doctor-report',
    reportVersion: 1,
    generatedAt: (parts.generatedAt ?? new Date()).toISOString(),
    redacted: false,
    gpuDoctorVersion: GPU_DOCTOR_VERSION,
    dataTables: parts.dataTables,
    facts: reportFacts(parts.diagnosis, parts.gpu, parts.host),
    host: parts.host,
    gpu: parts.gpu,
    health: parts.health ?? null,
    diagnosis: parts.diagnosis,
    diagnosisSource: parts.diagnosis ? parts.diagnosisSource : null,
    findings: allFindings(parts.diagnosis),
    recommendation: slot.recommendation,
    recommendationNote: slot.note,
    monitor: summarizeMonitor(samples),
  }
}
