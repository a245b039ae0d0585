import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { smUtilisationStep } from '../../../../src/core/domain/diagnosis/steps/sm-utilisation'
import { checkConsistency } from '../../../../src/core/domain/diagnosis/consistency'
import { evidenceView } from '../../../../src/core/domain/report/rendering/evidence-view'
import { reportTranslator } from '../../../../src/core/domain/report/rendering/translator'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import type { GpuStatus, MonitorSample } from '../../../../src/shared/gpu'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { renderFinding } from '../../../../src/shared/i18n/render-finding'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// One H200 (nvidia-smi of test/fixtures/h200-x2, the probe document of h200-x1) with step 4's memory
// figures as probe 1.9 writes them. The figures are constructed; the H200 datasheet says 4,800 GB/s,
// its link is PCIe Gen5 ×16 (63 GB/s per direction).
const smi = parseSmiOutput(stripCaptureArtifacts(readFileSync(new URL('../../../fixtures/h200-x2/smi/query-csv.txt', import.meta.url), 'utf8')))
if (!('status' in smi)) throw new Error('fixture does not parse')
const box: GpuStatus = { ...smi.status, source: 'live', gpus: smi.status.gpus.slice(0, 1) }
const base = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('../../../fixtures/h200-x1/probe/probe-ok.json', import.meta.url), 'utf8')))
const UUID = 'a3bfea47-2513-0c72-21ed-abcd4ef01a03'

const rate = (GBps: number) => ({ GBps, minGBps: GBps * 0.99, maxGBps: GBps * 1.01 })
interface Figures {
  device: number
  h2dPinned: number
  d2hPinned: number
  h2dPageable: number
  d2hPageable: number
  genCurrent?: number
}

function report(f: Figures): ProbeReport {
  return ProbeReportSchema.parse({
    ...base,
    env: { ...base.env, CUDA_VISIBLE_DEVICES: null },
    cuda: { ...base.cuda!, deviceCount: 1, devices: [{ index: 0, name: 'NVIDIA H200', cc: '9.0', totalMemory: 1, smCount: 132, uuid: UUID }] },
    workloads: {
      sustained: { startedAt: 10_000, endedAt: 14_000, seconds: 4, kernel: 'bf16 matmul 8192x8192', perGpu: [{ index: 0, uuid: UUID, iters: 100, tflops: 673, spreadPercent: 0.4 }] },
      memory: {
        deviceCopyBytes: 1 << 30,
        hostCopyBytes: 256 << 20,
        reps: 5,
        perGpu: [
          {
            index: 0,
            uuid: UUID,
            deviceCopy: rate(f.device),
            h2dPinned: rate(f.h2dPinned),
            d2hPinned: rate(f.d2hPinned),
            h2dPageable: rate(f.h2dPageable),
            d2hPageable: rate(f.d2hPageable),
            pcie: { address: '0000:19:00.0', genCurrent: f.genCurrent ?? 5, genMax: 5, widthCurrent: 16, widthMax: 16 },
          },
        ],
      },
    },
  })
}

const sample = (time: number): MonitorSample => ({
  time,
  gpus: [{ index: 0, utilizationGpu: 100, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: 60, powerW: 690, powerLimitW: 700, smClockMHz: 1980 }],
})

function inputs(r: ProbeReport): DiagnosisInputs {
  return { host: { kind: 'ok', status: { ...box, processes: [] } }, probe: { ok: true, report: r }, platform: 'linux', idleSamples: [], loadSamples: [sample(11_000), sample(12_000)], loadState: null, probePid: 4242 }
}

const healthy: Figures = { device: 4100, h2dPinned: 55, d2hPinned: 55, h2dPageable: 40, d2hPageable: 40 }
const ids = (f: Figures) => smUtilisationStep(inputs(report(f))).findings.map((x) => x.id)

describe("step 4's memory and host copies against the model and the link", () => {
  it('shows each figure beside the datasheet and the link, and says nothing where they are as they should be', () => {
    const s = smUtilisationStep(inputs(report(healthy)))
    expect(s.evidence.memory).toEqual([
      expect.objectContaining({ index: 0, deviceCopyGBps: 4100, datasheetGBps: 4800, h2dPinnedGBps: 55, h2dPageableGBps: 40, link: 'Gen5 ×16 (max Gen5 ×16)', linkGBps: expect.closeTo(63, 0) }),
    ])
    expect(s.findings.map((f) => f.id)).not.toEqual(expect.arrayContaining(['gpu-memory-bandwidth-low']))
    expect(ids(healthy)).not.toContain('host-copies-below-link')
    expect(ids(healthy)).not.toContain('pageable-copies-far-below-pinned')
    // The report shows them beside each other, in both languages.
    const table = evidenceView(s, reportTranslator('en')).tables.find((x) => x.title?.startsWith('Memory and host copies'))!
    expect(table.rows).toEqual([['0', '4100', '4800', '55.0', '55.0', '40.0', '40.0', 'Gen5 ×16 (max Gen5 ×16)', '63.0']])
    expect(evidenceView(s, reportTranslator('zh-CN')).tables.some((x) => x.title?.startsWith('显存与主机拷贝'))).toBe(true)
  })

  it('a device copy at 60 % of the datasheet is warned about, with both figures', () => {
    const s = smUtilisationStep(inputs(report({ ...healthy, device: 2880 })))
    const low = s.findings.find((f) => f.id === 'gpu-memory-bandwidth-low')!
    expect(low.severity).toBe('warning')
    expect(low.message).toContain('2880 GB/s')
    expect(low.message).toContain('60% of the 4800 GB/s of the H200 SXM datasheet')
    expect(s.status).toBe('warn')
    expect(checkConsistency([s])).toEqual([])
  })

  it('pageable copies far below pinned are said with the fix, pin_memory=True, in both languages', () => {
    const s = smUtilisationStep(inputs(report({ ...healthy, h2dPageable: 9.8, d2hPageable: 7.1 })))
    const f = s.findings.find((x) => x.id === 'pageable-copies-far-below-pinned')!
    expect(f.message).toContain('9.8 GB/s host→device and 7.1 GB/s device→host')
    expect(f.message).toContain('55.0 and 55.0 GB/s')
    expect(f.fix).toContain('pin_memory=True')
    expect(renderFinding(f, findingsZh).fix).toContain('pin_memory=True')
  })

  it('pinned copies far below a link that trained down to Gen1 are warned about, naming the link now and at its maximum', () => {
    const f = smUtilisationStep(inputs(report({ ...healthy, h2dPinned: 3.2, d2hPinned: 3.3, h2dPageable: 2.9, d2hPageable: 3, genCurrent: 1 }))).findings.find((x) => x.id === 'host-copies-below-link')!
    expect(f.message).toContain('Gen1 ×16 (max Gen5 ×16)')
    expect(f.message).toContain('3.2 GB/s host→device')
  })

  it('a probe before 1.9 (no memory figures) shows no memory evidence and no memory finding', () => {
    const r = report(healthy)
    const s = smUtilisationStep(inputs({ ...r, workloads: { sustained: r.workloads!.sustained } }))
    expect(s.evidence.memory).toBeUndefined()
  })
})
