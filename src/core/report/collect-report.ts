import type { Diagnosis, DiagnosisProgress } from '../../shared/diagnosis'
import type { MonitorSample } from '../../shared/gpu'
import type { Report } from '../../shared/report'
import { runDiagnosis } from '../diagnosis/run-diagnosis'
import { readHostFacts } from '../host/host-facts'
import { readGpuState } from '../nvidia-smi/read-status'
import { buildReport } from './build-report'
import { dataTableVersions } from './data-versions'

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
  /** Called with a diagnosis run here, e.g. to save it to history. */
  onDiagnosis?: (diagnosis: Diagnosis) => Promise<void> | void
}

/** Reads what a report needs from this machine (nvidia-smi, host facts, a diagnosis if none is given). */
export async function collectReport(options: CollectOptions): Promise<Report> {
  const smi = { nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: options.signal }
  const [gpu, host] = await Promise.all([readGpuState(smi), readHostFacts()])
  let diagnosis = options.diagnosis ?? null
  let source = options.diagnosisSource ?? null
  if (!diagnosis && options.python) {
    diagnosis = await runDiagnosis({
      python: options.python,
      nvidiaSmiPath: options.nvidiaSmiPath,
      env: options.env,
      signal: options.signal,
      sustainSeconds: options.sustainSeconds,
      onProgress: options.onProgress,
    })
    source = 'run'
    await options.onDiagnosis?.(diagnosis)
  }
  return buildReport({
    diagnosis,
    diagnosisSource: source,
    gpu,
    host,
    dataTables: dataTableVersions(),
    monitorSamples: options.monitorSamples,
  })
}
