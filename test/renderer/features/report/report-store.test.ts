import { describe, expect, it } from 'vitest'

import type { HistoryEntry } from '../../../../src/shared/history'
import { createReportStore, defaultRedact, pdfRedact, previewMatches, sameSource } from '../../../../src/renderer/features/report/report-store'

const entry = (id: string): HistoryEntry => ({ id, startedAt: '', finishedAt: '', steps: [], python: null, image: null, torch: null, driverVersion: null, cudnn: null, gpuModels: [] })

describe('report store', () => {
  it('masks every format until the user unmasks that very format: unticking one (or choosing JSON) unmasks no other', () => {
    expect([defaultRedact('md'), defaultRedact('html'), defaultRedact('json')]).toEqual([true, true, true])
    const s = createReportStore()
    expect(s.getState()).toMatchObject({ format: 'md', redact: true })
    s.getState().setFormat('json')
    expect(s.getState().redact).toBe(true)
    s.getState().setRedact(false)
    expect(s.getState().redactBy).toEqual({ md: true, html: true, json: false })
    s.getState().setFormat('md')
    expect(s.getState().redact).toBe(true)
    expect(pdfRedact(s.getState())).toBe(true)
    s.getState().setRedact(false)
    s.getState().setFormat('html')
    expect(s.getState().redact).toBe(true)
    s.getState().setFormat('md')
    expect(s.getState().redact).toBe(false)
    // The PDF prints the previewed Markdown/HTML with its masking; beside JSON it is masked.
    expect(pdfRedact(s.getState())).toBe(false)
    s.getState().setFormat('json')
    expect(pdfRedact(s.getState())).toBe(true)
  })

  it('ticks at most two entries for comparison, the newest tick replacing the oldest', () => {
    const s = createReportStore()
    s.getState().togglePick('a')
    s.getState().togglePick('b')
    s.getState().togglePick('c')
    expect(s.getState().picked).toEqual(['b', 'c'])
    s.getState().togglePick('b')
    expect(s.getState().picked).toEqual(['c'])
  })

  it('forgets ticks and the report source of entries that left the history', () => {
    const s = createReportStore()
    s.getState().togglePick('old')
    s.getState().togglePick('kept')
    s.getState().setSource({ kind: 'history', id: 'old' })
    s.getState().setHistory({ entries: [entry('kept')], unreadable: [], keeps: 500 })
    expect(s.getState().picked).toEqual(['kept'])
    expect(s.getState().source).toEqual({ kind: 'latest' })
  })

  it('drops an opened entry answer that is no longer the opened one', () => {
    const s = createReportStore()
    s.getState().openLoading('a')
    s.getState().openLoading('b')
    s.getState().setOpened('a', { schemaVersion: 1, startedAt: '', finishedAt: '', environment: {}, steps: [] })
    expect(s.getState().opened).toMatchObject({ id: 'b', value: null, loading: true })
  })

  it('knows whether a preview shows what the options would render', () => {
    const key = { format: 'md', redact: true, lang: 'en', source: { kind: 'latest' } } as const
    const p = { ...key, text: 'x', html: null, masked: [] }
    expect(previewMatches(p, key)).toBe(true)
    expect(previewMatches(p, { ...key, lang: 'zh-CN' })).toBe(false)
    expect(previewMatches(p, { ...key, source: { kind: 'history', id: 'a' } })).toBe(false)
    expect(previewMatches(null, key)).toBe(false)
    expect(sameSource({ kind: 'history', id: 'a' }, { kind: 'history', id: 'a' })).toBe(true)
  })
})
