import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { buildReport } from '../../../../src/core/domain/report/build-report'
import { dataTableVersions } from '../../../../src/core/domain/report/data-versions'
import { parseReportInput } from '../../../../src/core/domain/report/load-input'
import { renderReport } from '../../../../src/core/domain/report/rendering/render'
import type { GpuState } from '../../../../src/shared/gpu'
import type { HealthResult } from '../../../../src/shared/health'
import type { HostFacts } from '../../../../src/shared/host'
import type { Report } from '../../../../src/shared/report'
import { h200Diagnosis, HOST, monitorSamples } from './fixtures'

// The saved run: a real H200 diagnosis (GPU-051f523e…). The machine opening it later: an H100
// host (GPU-237fb1e7…) with another OS and name. Nothing of the second may pass for the first.
const RUN_UUID = 'GPU-051f523e-a35b-b55a-caaf-0353a6011dc2'
const NOW_UUID = 'GPU-237fb1e7-fb2a-b3ac-757b-6ff183beb21a'
const NOW_HOST: HostFacts = { ...HOST, hostname: 'laptop-of-today', distro: 'Debian GNU/Linux', release: '13', kernel: '6.12.48+deb13-amd64' }
const smiXml = readFileSync(fileURLToPath(new URL('../../../fixtures/h100-x1/smi/q-idle.xml', import.meta.url)), 'utf8')

function nowGpu(): GpuState {
  const parsed = parseSmiOutput(smiXml)
  if ('error' in parsed) throw new Error(parsed.error)
  return { kind: 'ok', status: parsed.status }
}

async function nowHealth(): Promise<HealthResult> {
  const r = await checkHealth({ smiText: smiXml, kernelLogText: '', platform: 'linux' })
  if (!r.ok) throw new Error(r.problem.detail)
  return r.health
}

async function report(source: Report['diagnosisSource']): Promise<Report> {
  return buildReport({
    diagnosis: h200Diagnosis('diagnose'),
    diagnosisSource: source,
    gpu: nowGpu(),
    health: await nowHealth(),
    host: NOW_HOST,
    dataTables: dataTableVersions(),
    monitorSamples: monitorSamples(),
    generatedAt: new Date(Date.UTC(2026, 10, 26, 9, 0)),
  })
}

/** This machine's traces: its GPU UUID, host name, OS, GPU model, and its monitor samples. */
const THIS_MACHINE = [NOW_UUID, 'laptop-of-today', 'Debian', 'H100', '4 samples from', '4 个样本']

describe('a report of a saved diagnosis keeps what the run recorded apart from what is read now', () => {
  it('the data: the run\'s facts, GPUs and recommendation at the top; this machine only under readNow', async () => {
    const r = await report('file')
    expect([r.host, r.gpu, r.health, r.monitor]).toEqual([null, null, null, null])
    expect(r.facts).toMatchObject({ hostname: null, kernel: null, os: 'linux', gpuModels: ['NVIDIA H200'], gpuCount: 1, driverVersion: '580.159.04' })
    expect(r.recommendation?.input.gpus.map((g) => g.name)).toEqual(['NVIDIA H200'])
    expect(r.readNow).toMatchObject({ at: '2026-11-26T09:00:00.000Z', host: { hostname: 'laptop-of-today' }, gpu: { kind: 'ok' }, monitor: { samples: 4 } })
    expect(r.readNow?.health?.gpus[0]?.name).toMatch(/H100/)
    // Outside readNow, nothing of this machine.
    const outside = JSON.stringify({ ...r, readNow: null })
    for (const trace of [NOW_UUID, 'laptop-of-today', 'Debian', 'H100']) expect(outside, trace).not.toContain(trace)
    expect(outside).toContain(RUN_UUID)
  })

  it('a diagnosis run for the report: everything recorded together, no readNow', async () => {
    const r = await report('run')
    expect(r.readNow).toBeNull()
    expect(r.host?.hostname).toBe('laptop-of-today')
    expect(r.gpu?.kind).toBe('ok')
    expect(r.monitor?.samples).toBe(4)
  })

  it.each([
    ['en', 'Read now, on this machine (not recorded by the diagnosis)', 'Read on the machine that made this report, at 2026-11-26 09:00:00 UTC, after the diagnosis of 2026-11-21 05:50:33 UTC'],
    ['zh-CN', '当前读取，本机（不是该次诊断的记录）', '以下内容由生成本报告的机器在 2026-11-26 09:00:00 UTC 读取，晚于 2026-11-21 05:50:33 UTC 的诊断'],
  ] as const)('Markdown and HTML (%s): this machine appears only in the section labelled as read now', async (lang, title, note) => {
    const r = await report('file')
    const md = renderReport(r, 'md', lang)
    const mdStart = md.indexOf(`<details><summary>${title}</summary>`)
    expect(mdStart).toBeGreaterThan(0)
    expect(md).toContain(note)
    // The section comes last but for the versions, which name nothing of any machine.
    const mdSection = md.slice(mdStart)
    const mdBefore = md.slice(0, mdStart)
    for (const trace of THIS_MACHINE) expect(mdBefore, trace).not.toContain(trace)
    expect(mdSection).toContain(NOW_UUID)
    expect(mdSection).toContain('laptop-of-today')
    expect(mdBefore).toContain(RUN_UUID)
    expect(mdBefore).toContain('NVIDIA H200')

    const html = renderReport(r, 'html', lang)
    const start = html.indexOf('<section class="read-now" id="read-now">')
    const end = html.indexOf('</section>', start)
    expect(start).toBeGreaterThan(0)
    expect(html.slice(start, end)).toContain(`<h2>${title}</h2>`)
    const outside = html.slice(0, start) + html.slice(end)
    for (const trace of THIS_MACHINE) expect(outside, trace).not.toContain(trace)
    for (const trace of [NOW_UUID, 'laptop-of-today', 'Debian GNU/Linux 13', 'H100']) expect(html.slice(start, end), trace).toContain(trace)
  })

  it('a report of a diagnosis run for it has no read-now section', async () => {
    const r = await report('run')
    expect(renderReport(r, 'md', 'en')).not.toContain('Read now, on this machine')
    expect(renderReport(r, 'html', 'zh-CN')).not.toContain('class="read-now"')
  })

  it('a report saved before readNow existed is read with its host, GPUs, health and monitor moved under readNow', async () => {
    const r = await report('file')
    // As GPU Doctor wrote it before: this machine's facts at the top of a report of a saved file.
    const old = { ...r, facts: { ...r.facts, hostname: 'laptop-of-today', os: 'Debian GNU/Linux 13' }, host: NOW_HOST, gpu: nowGpu(), health: r.readNow!.health, monitor: r.readNow!.monitor } as Record<string, unknown>
    delete old.readNow
    const input = parseReportInput(JSON.stringify(old))
    if (input.kind !== 'report') throw new Error('not read as a report')
    expect([input.report.host, input.report.gpu, input.report.health, input.report.monitor]).toEqual([null, null, null, null])
    expect(input.report.facts.hostname).toBeNull()
    expect(input.report.readNow).toMatchObject({ at: r.generatedAt, host: { hostname: 'laptop-of-today' }, gpu: { kind: 'ok' }, monitor: { samples: 4 } })
  })
})
