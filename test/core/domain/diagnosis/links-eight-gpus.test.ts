import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { gpuLinksStep } from '../../../../src/core/domain/diagnosis/steps/gpu-links'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import { findingsEn } from '../../../../src/shared/i18n/findings'
import { renderFinding } from '../../../../src/shared/i18n/render-finding'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// Step 6 on 8 GPUs (test/fixtures/h200-x8-synthetic: eight rows of a real H200), the probe's figures made
// up: 56 ordered pairs copied 4 at a time in 14 rounds, and GPU 3 left out because step 1 could not use it.
const fixture = (f: string) => readFileSync(new URL(`../../../fixtures/${f}`, import.meta.url), 'utf8')
const smi = parseSmiOutput(stripCaptureArtifacts(fixture('h200-x8-synthetic/smi/query-csv.txt')))
if (!('status' in smi)) throw new Error('fixture does not parse')
const base = ProbeReportSchema.parse(JSON.parse(fixture('h200-x2-gpu1-full/probe-gpu1-oom.json')))
const uuid = (i: number) => smi.status.gpus[i]!.uuid!.replace(/^GPU-/, '')
const ok = base.cuda!.devices[0]!
const failed = base.cuda!.devices[1]!

function report(left: number[]): ProbeReport {
  const ordinals = [...Array(8).keys()].filter((o) => !left.includes(o))
  return {
    ...base,
    cuda: { ...base.cuda!, deviceCount: 8, devices: [...Array(8).keys()].map((i) => ({ ...(left.includes(i) ? failed : ok), index: i, uuid: uuid(i) })) },
    unmeasured: left.map((index) => ({ index, failedCall: `torch.cuda.set_device(${index}) (context)`, error: failed.exercise!.error })),
    workloads: {
      links: {
        ordinals,
        uuids: ordinals.map(uuid),
        peerAccess: ordinals.map(() => ordinals.map(() => true)),
        copies: ordinals.flatMap((a) => ordinals.filter((b) => b !== a).map((b) => ({ from: a, to: b, GBps: 370 }))),
        copyBytes: 128 * 1024 * 1024,
        copyMode: left.length ? { mode: 'concurrent', rounds: 14, pairsPerRound: 3, measuredAlone: 0 } : { mode: 'concurrent', rounds: 14, pairsPerRound: 4, measuredAlone: 0 },
        nccl: null,
        platform: { hypervisor: false, dmiProduct: null, iommuGroups: null, kernelCmdline: null, cpus: [...Array(32).keys()] },
      },
    },
  } as ProbeReport
}

const inputs = (r: ProbeReport): DiagnosisInputs => ({
  host: { kind: 'ok', status: { ...smi.status, source: 'live', processes: [] } },
  probe: { ok: true, report: r },
  platform: 'linux',
  idleSamples: [],
  loadSamples: [],
  loadState: null,
  probePid: 4242,
})

describe('step 6 on 8 GPUs', () => {
  it('says the 56 pairs were copied 4 at a time in 14 rounds', () => {
    const s = gpuLinksStep(inputs(report([])))
    expect(s.evidence.pairs).toHaveLength(56)
    expect(s.evidence.copyMode).toEqual({ mode: 'concurrent', rounds: 14, pairsPerRound: 4, measuredAlone: 0 })
    expect(s.evidence.meaning).toContain('per ordered pair, 4 pairs at once in each of 14 rounds (no GPU in two copies at once')
    expect(s.findings.map((f) => f.id)).not.toContain('gpu-not-measured')
  })

  it('with GPU 3 unusable: the other seven are linked, and GPU 3 is said not measured', () => {
    const s = gpuLinksStep(inputs(report([3])))
    expect(s.evidence.pairs).toHaveLength(42)
    const f = s.findings.find((x) => x.id === 'gpu-not-measured')!
    expect(renderFinding(f, findingsEn).message).toContain('GPU 3 was not measured')
    expect(renderFinding(f, findingsEn).message).toContain('GPUs this step measured without it: 0, 1, 2, 4, 5, 6, 7.')
    expect(renderFinding(f, findingsEn).fix).toContain('`gpu-doctor diagnose --gpus 0,1,2,4,5,6,7`')
  })
})
