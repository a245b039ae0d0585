import type { Finding, StepId, StepResult, StepStatus } from '../../shared/diagnosis'
import type { GpuState, MonitorSample } from '../../shared/gpu'
import type { ProbeReport } from '../../shared/probe'

/** Everything the five step rules judge; gathered by run-diagnosis.ts, pure data from here on. */
export interface DiagnosisInputs {
  host: GpuState
  probe: { ok: true; report: ProbeReport } | { ok: false; reason: string; stderr: string }
  platform: NodeJS.Platform
  /** SM% samples before and during the sustained workload (step 4). */
  idleSamples: MonitorSample[]
  loadSamples: MonitorSample[]
  /** nvidia-smi state read in the middle of the load: throttle reasons, other processes. */
  loadState: GpuState | null
  probePid: number | null
}

export function stepResult(
  id: StepId,
  status: StepStatus,
  summary: string,
  evidence: Record<string, unknown>,
  findings: Finding[] = [],
): StepResult {
  return { id, status, summary, evidence, findings, durationMs: 0 }
}

/** The worst status the findings call for: an error fails the step, a warning warns. */
export function statusFrom(findings: Finding[]): StepStatus {
  if (findings.some((f) => f.severity === 'error')) return 'fail'
  if (findings.some((f) => f.severity === 'warning')) return 'warn'
  return 'pass'
}

/** The probe's report when PyTorch imported, else the reason a step must skip. */
export function torchReport(inputs: DiagnosisInputs): { report: ProbeReport } | { skip: string } {
  if (!inputs.probe.ok) return { skip: `the probe could not run: ${inputs.probe.reason}` }
  if (!inputs.probe.report.torch?.importable) return { skip: 'PyTorch could not be imported (see step 1)' }
  return { report: inputs.probe.report }
}
