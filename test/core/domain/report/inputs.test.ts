import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseReportInput } from '../../../../src/core/domain/report/load-input'
import { SampleHistory, summarizeMonitor } from '../../../../src/core/domain/report/monitor-summary'
import { renderReport } from '../../../../src/core/domain/report/rendering/render'
import { fixtureText, h200Report, monitorSamples } from './fixtures'

describe('report inputs', () => {
  it('reads a diagnosis saved before steps had summary keys, a JSON report, and says why anything else is not one', () => {
    const old = parseReportInput(fixtureText('diagnose'))
    expect(old.kind).toBe('diagnosis')
    if (old.kind === 'diagnosis') expect(old.diagnosis.steps[0]).toMatchObject({ summaryKey: null, summaryParams: {} })
    const report = parseReportInput(renderReport(h200Report('diagnose'), 'json', 'en'))
    expect(report.kind).toBe('report')
    expect(() => parseReportInput('nope')).toThrow('not JSON')
    expect(() => parseReportInput('[1]')).toThrow('not a GPU Doctor report or diagnosis')
    expect(() => parseReportInput('{"kind":"gpu-doctor-report"}')).toThrow(/not a valid GPU Doctor report \(reportVersion/)
    expect(() => parseReportInput('{"steps":[{"id":"x"}],"environment":{}}')).toThrow(/not a valid GPU Doctor diagnosis/)
  })

  it('gives a finding saved before fixes took an install command one for the machine it ran on, never a "?"', () => {
    // The Debian capture as GPU Doctor saved it before: no install param, the cu128 text, no PEP 668 facts.
    const saved = JSON.parse(readFileSync(new URL('../../../../e2e/data/diagnosis-debian-cpu-torch.json', import.meta.url), 'utf8'))
    for (const key of ['pythonPlatform', 'externallyManaged', 'inVenv', 'inConda']) delete saved.environment[key]
    const finding = saved.steps[0].findings[0]
    delete finding.params.install
    finding.fix = 'Reinstall from the CUDA index that matches your driver, e.g. `pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu128`, and pin that index in your requirements.'
    const input = parseReportInput(JSON.stringify(saved))
    if (input.kind !== 'diagnosis') throw new Error('not a diagnosis')
    const upgraded = input.diagnosis.steps[0]!.findings[0]!
    // Its driver reported CUDA 13.0; whether that Python was externally managed was not recorded.
    expect(upgraded.params.install).toBe('/usr/bin/python3 -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu130')
    expect(upgraded.fix).toBe(finding.fix)
    // A report made from it reads the catalog's text with that command.
    const md = renderReport({ ...h200Report('diagnose'), diagnosis: input.diagnosis }, 'md', 'en')
    expect(md).toContain('/usr/bin/python3 -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu130')
    expect(md).not.toMatch(/Fix:?\*{0,2} [^\n]*`\?`/)
  })

  it('summarises monitor samples per GPU (min / mean / max) and keeps only recent ones', () => {
    expect(summarizeMonitor([])).toBeNull()
    const s = summarizeMonitor(monitorSamples())!
    expect(s.samples).toBe(4)
    expect(s.gpus[0]).toMatchObject({ index: 0, utilizationGpu: { min: 0, mean: 45, max: 90 }, powerW: { min: 100, mean: 250, max: 400 } })
    const history = new SampleHistory(2_000, 3)
    for (const sample of monitorSamples()) history.push(sample)
    expect(history.samples().map((x) => x.time % 10_000)).toEqual([1000, 2000, 3000])
    history.push({ time: monitorSamples()[3]!.time + 10_000, gpus: [] })
    expect(history.samples()).toHaveLength(1)
  })
})
