import { readFileSync } from 'node:fs'

import { afterEach, describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { readNvidiaHardware } from '../../../../src/core/platform/host/nvidia-hardware'
import { csvRowsToStatus, parseCsvQuery } from '../../../../src/core/platform/nvidia-smi/parse-csv'
import { makeProblem } from '../../../../src/core/platform/nvidia-smi/classify-failure'
import { ProbeReportSchema } from '../../../../src/shared/probe'
import { fakePciBus, type FakePciFunction } from '../../../helpers/fake-pci-bus'

// Captured on a real H200 (torch 2.11.0+cu130, driver 580.159.04, the GPU at 00000000:00:06.0).
const dir = new URL('../../../fixtures/h200-x1/probe/', import.meta.url)
const probe = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('probe-ok.json', dir), 'utf8')))
const host = csvRowsToStatus(parseCsvQuery(readFileSync(new URL('smi.csv', dir), 'utf8')), { cudaVersion: '13.0' })

const buses: Array<{ remove: () => void }> = []
afterEach(() => buses.splice(0).forEach((b) => b.remove()))

async function inputs(functions: FakePciFunction[], hostOk = true): Promise<DiagnosisInputs> {
  const b = fakePciBus(functions)
  buses.push(b)
  return {
    host: hostOk ? { kind: 'ok', status: { ...host, source: 'live' } } : { kind: 'error', problem: makeProblem('driver-not-loaded', 'nvidia-smi: exit 9: NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver.') },
    probe: { ok: true, report: probe },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: null,
    hardware: await readNvidiaHardware(b.paths),
  }
}

const H200 = { address: '0000:00:06.0', device: '0x2335', driver: 'nvidia' }

describe('step 1: a GPU on the bus that the driver does not run', () => {
  it('names the cause in its verdict: beside the H200, a Tesla K80 that driver 580 no longer runs (Kepler ends at R470)', async () => {
    const r = gpuVisibleStep(await inputs([H200, { address: '0000:00:07.0', device: '0x102d' }]))
    expect(r.status).toBe('fail')
    expect(r.findings[0]).toMatchObject({ id: 'driver-dropped-gpu-architecture', params: { gpu: 'GK210GL [Tesla K80]', address: '0000:00:07.0', lastBranch: 470 } })
    expect(r.summary).toMatch(/^PyTorch 2\.11\.0\+cu130 sees 1 GPU \(NVIDIA H200 \(sm_90\)\), but not every NVIDIA GPU on the PCI bus: The NVIDIA GPU at 0000:00:07\.0/)
    expect(r.summary).toContain('R470 is the last driver branch for Kepler GPUs')
  })

  it("where PyTorch itself fails too, its own cause stays the verdict's and the unbound GPU follows", async () => {
    const base = await inputs([H200, { address: '0000:00:07.0', device: '0x102d' }])
    const report = base.probe.ok ? base.probe.report : probe
    const cpuOnly = { ...base, probe: { ok: true as const, report: { ...report, torch: { ...report.torch!, version: '2.11.0+cpu', cudaBuild: null }, cuda: { ...report.cuda!, available: false, deviceCount: 0, devices: [] } } } }
    const r = gpuVisibleStep(cpuOnly)
    expect(r.findings.map((f) => f.id)).toEqual(expect.arrayContaining(['cpu-only-torch-build', 'driver-dropped-gpu-architecture']))
    expect(r.findings[0]!.id).toBe('cpu-only-torch-build')
    expect(r.summary).not.toContain('Kepler')
  })

  it('the healthy H200 alone on the bus still passes', async () => {
    expect(gpuVisibleStep(await inputs([H200])).status).toBe('pass')
  })

  it('with no driver running, the unbound GPU is named in the evidence of the driver problem', async () => {
    const r = gpuVisibleStep(await inputs([{ address: '0000:01:00.0', device: '0x2b85' }], false))
    const driver = r.findings.find((f) => f.id === 'driver-not-loaded')
    expect(driver?.evidence).toContain('PCI 0000:01:00.0: GB202 [GeForce RTX 5090] (10de:2b85), no driver bound')
    expect(r.findings.map((f) => f.id)).not.toContain('driver-older-than-gpu')
  })
})
