import type { DiagnosisInputs } from '../../src/core/domain/diagnosis/step-inputs'
import type { ProbeReport } from '../../src/shared/probe'

/**
 * The inputs a step sees for a probe report from the 2×H100 runs: a live host on driver 580.159.04
 * (CUDA 13.0) whose nvidia-smi lists no GPU or process, no monitor samples.
 */
export function h100ProbeInputs(report: ProbeReport): DiagnosisInputs {
  return {
    host: { kind: 'ok', status: { source: 'live', driverVersion: '580.159.04', cudaVersion: '13.0', gpus: [], processes: [] } as never },
    probe: { ok: true, report },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: null,
  }
}
