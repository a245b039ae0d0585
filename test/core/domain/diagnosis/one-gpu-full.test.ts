import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkConsistency } from '../../../../src/core/domain/diagnosis/consistency'
import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { gpuLinksStep } from '../../../../src/core/domain/diagnosis/steps/gpu-links'
import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { smUtilisationStep } from '../../../../src/core/domain/diagnosis/steps/sm-utilisation'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import type { StepResult } from '../../../../src/shared/diagnosis'
import { findingsEn, findingsZh } from '../../../../src/shared/i18n/findings'
import { interpolate } from '../../../../src/shared/i18n/interpolate'
import { renderFinding } from '../../../../src/shared/i18n/render-finding'
import { summariesEn, summariesZh } from '../../../../src/shared/i18n/summaries'
import { ProbeReportSchema } from '../../../../src/shared/probe'

// 2×H200, another process holding 139.8 of 140.4 GiB on GPU 1 (docs/verification/off-script-h200-x2,
// gpu1-memory-full): GPU 1's exercise failed with out of memory, and steps 4–6 were skipped on both GPUs.
// The probe output is built from captured runs (test/fixtures/h200-x2-gpu1-full/README.md).
const fixture = (f: string) => readFileSync(new URL(`../../../fixtures/${f}`, import.meta.url), 'utf8')
const report = ProbeReportSchema.parse(JSON.parse(fixture('h200-x2-gpu1-full/probe-gpu1-oom.json')))
const smi = parseSmiOutput(stripCaptureArtifacts(fixture('h200-x2/smi/query-csv.txt')))
if (!('status' in smi)) throw new Error('fixture does not parse')
// That run's GPUs (their UUIDs, GPU 1's memory held by PID 10297) on the captured H200 rows.
const UUIDS = ['GPU-483b2718-0f2f-e111-88e6-125b57dd46ad', 'GPU-2b001742-6c30-a5de-f6d7-8a2f2de0c67d']
const gpus = smi.status.gpus.map((g, i) => ({ ...g, uuid: UUIDS[i]!, ...(i === 1 ? { memoryUsedMiB: 143119, memoryFreeMiB: 652 } : {}) }))
const holder = { gpuIndex: 1, pid: 10297, type: 'C', name: 'python3', usedMemoryMiB: 143110, gpuInstanceId: null, computeInstanceId: null, container: null }
const sample = (time: number, sm: number) => ({
  time,
  gpus: [0, 1].map((index) => ({ index, utilizationGpu: index === 0 ? sm : 0, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: 60, powerW: 600, powerLimitW: 700, smClockMHz: 1700 })),
})
const sustained = report.workloads!.sustained as { startedAt: number; endedAt: number }
const inputs: DiagnosisInputs = {
  host: { kind: 'ok', status: { ...smi.status, gpus, processes: [holder], source: 'live' } },
  probe: { ok: true, report },
  platform: 'linux',
  idleSamples: [sample(sustained.startedAt - 1000, 0)],
  loadSamples: [sample(sustained.startedAt + 800, 99), sample(sustained.startedAt + 1600, 99)],
  loadState: null,
  probePid: 4242,
}

const steps: StepResult[] = [gpuVisibleStep(inputs), smUtilisationStep(inputs), convTimingStep(inputs), gpuLinksStep(inputs)]
const [visible, sm, conv, links] = steps as [StepResult, StepResult, StepResult, StepResult]
const said = (step: StepResult, texts: Record<string, string>) => interpolate(texts[step.summaryKey!]!, step.summaryParams ?? {})
const notMeasured = (step: StepResult) => step.findings.find((f) => f.id === 'gpu-not-measured')

describe('GPU 1 full, GPU 0 free', () => {
  it('step 1 fails on GPU 1, naming the holder, and says GPU 0 works', () => {
    expect(visible.status).toBe('fail')
    expect(visible.findings.find((f) => f.id === 'cuda-oom-or-memory-held')?.params.holders).toBe('PID 10297 python3 139.8 GiB')
    expect(said(visible, summariesEn)).toMatch(/cannot use GPU 1 \(steps 4–6 measure GPU 0 without it\)/)
    expect(said(visible, summariesZh)).toContain('无法使用 GPU 1（第 4–6 步在没有它的情况下测量 GPU 0）')
  })

  it('steps 4 and 5 measure GPU 0 and say GPU 1 was not measured, why, and what to run', () => {
    expect(sm.status).toBe('warn')
    expect(conv.status).toBe('warn')
    expect((sm.evidence as { perGpu: Array<{ index: number; tflops: number }> }).perGpu.map((g) => [g.index, Math.round(g.tflops)])).toEqual([[0, 665]])
    expect((conv.evidence as { perGpu: Array<{ index: number }> }).perGpu.map((g) => g.index)).toEqual([0])
    for (const step of [sm, conv]) {
      const f = notMeasured(step)!
      const en = renderFinding(f, findingsEn)
      expect(en.message).toBe(
        'GPU 1 was not measured: step 1 could not use it (GPU 1: torch.cuda.set_device(1) (context): AcceleratorError: CUDA error: out of memory). GPUs this step measured without it: 0.',
      )
      expect(en.fix).toContain('`gpu-doctor diagnose --gpus 0`')
      expect(en.fix).toContain('`CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=0 python train.py`')
      const zh = renderFinding(f, findingsZh)
      expect(zh.message).toContain('GPU 1 未被测量')
      expect(zh.message).toContain('测量的 GPU：0。')
      expect(zh.fix).toContain('`gpu-doctor diagnose --gpus 0`')
    }
  })

  it('step 6 says it needs two usable GPUs and that GPU 1 was not, in both languages', () => {
    expect(links.status).toBe('skip')
    expect(said(links, summariesEn)).toBe('Skipped: step 1 could not use GPU 1, which leaves one usable GPU; the links step needs two or more')
    expect(said(links, summariesZh)).toBe('跳过：第 1 步无法使用 GPU 1，只剩一块可用的 GPU；互联检查需要两块或更多')
    expect(renderFinding(notMeasured(links)!, findingsEn).fix).toContain('--gpus 0')
  })

  it('no step contradicts another: nothing says every GPU failed or that CUDA is unusable', () => {
    expect(checkConsistency(steps)).toEqual([])
    for (const s of steps) {
      expect(s.summaryKey).not.toBe('skip.noCuda')
      expect(s.summary).not.toMatch(/cannot use the GPU|cannot use CUDA/)
    }
  })
})
