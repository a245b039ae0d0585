import type { Diagnosis, DiagnosisProgress } from '../../shared/diagnosis'
import type { MonitorSample } from '../../shared/gpu'
import type { Report } from '../../shared/report'
import { diagnoseAndSave, type DiagnoseAndSaveResult } from './diagnose-and-save'
import type { HistoryStore } from '../domain/report/history/history-store'
import { checkHealth } from '../domain/health/check-health'
import { readHostFacts } from '../platform/host/host-facts'
import { readGpuState } from '../platform/nvidia-smi/read-status'
import { buildReport } from '../domain/report/build-report'
import { dataTableVersions } from '../domain/report/data-versions'

export interface CollectOptions {
  /** A diagnosis to report on; when absent one is run with `python` (none when that is absent too). */
  diagnosis?: Diagnosis | null
  diagnosisSource?: Report['diagnosisSource']
  python?: string | null
  sustainSeconds?: number
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  monitorSamples?: readonly MonitorSample[]
  onProgress?: (progress: DiagnosisProgress) => void
  /** Where a diagnosis run here is saved; null or absent: not saved. */
  history?: HistoryStore | null
  /** Called once a diagnosis run here was saved (or failed to be). */
  onSaved?: (result: Omit<DiagnoseAndSaveResult, 'diagnosis'>) => void
}

/**
 * Reads what a report needs from this machine (nvidia-smi, the hardware preflight, host facts, a
 * diagnosis if none is given). Health that cannot be read is left out: the GPU facts say why.
 */
export async function collectReport(options: CollectOptions): Promise<Report> {
  const smi = { nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: options.signal }
  const [gpu, health, host] = await Promise.all([readGpuState(smi), checkHealth(smi), readHostFacts()])
  let diagnosis = options.diagnosis ?? null
  let source = options.diagnosisSource ?? null
  if (!diagnosis && options.python) {
    const run = await diagnoseAndSave({
      history: options.history ?? null,
      python: options.python,
      nvidiaSmiPath: options.nvidiaSmiPath,
      env: options.env,
      signal: options.signal,
      sustainSeconds: options.sustainSeconds,
      onProgress: options.onProgress,
    })
    diagnosis = run.diagnosis
    source = 'run'
    options.onSaved?.(run)
  }
  return buildReport({
    diagnosis,
    diagnosisSource: source,
    gpu,
    health: health.ok ? health.health : null,
    host,
    dataTables: dataTableVersions(),
    monitorSamples: options.monitorSamples,
  })
}
