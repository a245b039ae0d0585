import { describe, expect, it } from 'vitest'

import { parseReportInput } from '../../../src/core/report/load-input'
import { SampleHistory, summarizeMonitor } from '../../../src/core/report/monitor-summary'
import { renderReport } from '../../../src/core/report/rendering/render'
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
