import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkConsistency } from '../../../../src/core/domain/diagnosis/consistency'
import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { smUtilisationStep } from '../../../../src/core/domain/diagnosis/steps/sm-utilisation'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import type { GpuStatus, MonitorSample } from '../../../../src/shared/gpu'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { renderFinding } from '../../../../src/shared/i18n/render-finding'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// The H200 of test/fixtures/h200-x1 with the slowdowns seen there with PYTORCH_NO_CUDA_MEMORY_CACHING=1:
// step 4 12 % and step 5 45–54 % below the model. Both steps had listed power, clocks and temperature
// as the causes checked, not the variable step 1 had already warned about.
const smi = parseSmiOutput(stripCaptureArtifacts(readFileSync(new URL('../../../fixtures/h200-x2/smi/query-csv.txt', import.meta.url), 'utf8')))
if (!('status' in smi)) throw new Error('fixture does not parse')
const box: GpuStatus = { ...smi.status, source: 'live', gpus: smi.status.gpus.slice(0, 1) }
const base = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('../../../fixtures/h200-x1/probe/probe-ok.json', import.meta.url), 'utf8')))
const UUID = 'a3bfea47-2513-0c72-21ed-abcd4ef01a03'

const pair = (onMs: number, offMs: number, shape: string) => ({ shape, on: { ms: onMs, tflops: 1, spreadPercent: 0.5 }, off: { ms: offMs, tflops: 1, spreadPercent: 0.5 } })

/** One H200 at `tflops` (the model: 673) with conv timings `slower` times the model's, under `environment`. */
function slowReport(environment: Record<string, string>, tflops = 593, slower = 1.5): ProbeReport {
  const run = { index: 0, uuid: UUID, seed: pair(0.64 * slower, 1.14, 'seed'), representative: pair(0.49 * slower, 2.59, 'rep') }
  return {
    ...base,
    env: { ...base.env, CUDA_VISIBLE_DEVICES: null },
    environment,
    cuda: { ...base.cuda!, deviceCount: 1, devices: [{ index: 0, name: 'NVIDIA H200', cc: '9.0', totalMemory: 1, smCount: 132, uuid: UUID }] },
    workloads: {
      sustained: { startedAt: 10_000, endedAt: 14_000, seconds: 4, kernel: 'bf16 matmul 8192x8192', perGpu: [{ index: 0, uuid: UUID, iters: 100, tflops, spreadPercent: 0.4 }] },
      conv: { seed: run.seed, representative: run.representative, cudnnRequested: true, secondsPerCase: 1, perGpu: [run] },
    },
  }
}

const sample = (time: number, sm: number): MonitorSample => ({
  time,
  gpus: [{ index: 0, utilizationGpu: sm, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: 60, powerW: 690, powerLimitW: 700, smClockMHz: 1500 }],
})

function inputs(r: ProbeReport): DiagnosisInputs {
  return {
    host: { kind: 'ok', status: { ...box, processes: [] } },
    probe: { ok: true, report: r },
    platform: 'linux',
    idleSamples: [sample(9_000, 0), sample(9_500, 0)],
    loadSamples: [sample(11_000, 100), sample(12_000, 100)],
    loadState: null,
    probePid: 4242,
  }
}

const ids = (r: { findings: Array<{ id: string }> }) => r.findings.map((f) => f.id)

describe('a slowdown in steps 4 and 5 names the variable step 1 found', () => {
  it('without the variable, the same timings are "slower than this model" with power, clocks and temperature checked', () => {
    const i = inputs(slowReport({}))
    expect(ids(smUtilisationStep(i))).toContain('gpu-slower-than-expected')
    expect(smUtilisationStep(i).findings.find((f) => f.id === 'gpu-slower-than-expected')!.message).toContain('power: 690 W')
    expect(ids(convTimingStep(i))).toContain('conv-slower-than-expected')
  })

  it('PYTORCH_NO_CUDA_MEMORY_CACHING=1: both steps name it as the likely cause, with the fix, in English and Chinese', () => {
    const i = inputs(slowReport({ PYTORCH_NO_CUDA_MEMORY_CACHING: '1' }))
    for (const step of [smUtilisationStep(i), convTimingStep(i)]) {
      const cause = step.findings[0]!
      expect(cause.id).toBe('timings-under-slowing-variable')
      expect(cause.params.variables).toBe('PYTORCH_NO_CUDA_MEMORY_CACHING=1')
      expect(cause.message).toContain('not the power limit, clocks, temperature or the GPU')
      expect(cause.fix).toContain('unset PYTORCH_NO_CUDA_MEMORY_CACHING')
      // The figures stay: the slow findings' text is the cause's evidence.
      expect(cause.evidence).toMatch(/% slower/)
      expect(ids(step)).not.toContain('gpu-slower-than-expected')
      expect(ids(step)).not.toContain('conv-slower-than-expected')
      expect(renderFinding(cause, findingsZh).fix).toContain('unset PYTORCH_NO_CUDA_MEMORY_CACHING')
      expect(checkConsistency([step])).toEqual([])
    }
  })

  it('a variable that slows only one workload is named only there; one that slows neither is not named', () => {
    // TF32 forced off slows step 5's FP32 convolution, not step 4's bf16 matmul.
    const tf32 = inputs(slowReport({ NVIDIA_TF32_OVERRIDE: '0' }))
    expect(ids(convTimingStep(tf32))[0]).toBe('timings-under-slowing-variable')
    expect(ids(smUtilisationStep(tf32))).toContain('gpu-slower-than-expected')
    // NCCL's peer-to-peer switch changes step 6, not matmuls or convolutions.
    const nccl = inputs(slowReport({ NCCL_P2P_DISABLE: '1' }))
    expect(ids(smUtilisationStep(nccl))).toContain('gpu-slower-than-expected')
    expect(ids(convTimingStep(nccl))).toContain('conv-slower-than-expected')
  })

  it('timings as the model expects are not blamed on the variable', () => {
    const i = inputs(slowReport({ PYTORCH_NO_CUDA_MEMORY_CACHING: '1' }, 674, 1))
    expect(ids(smUtilisationStep(i))).not.toContain('timings-under-slowing-variable')
    expect(ids(convTimingStep(i))).not.toContain('timings-under-slowing-variable')
  })
})
