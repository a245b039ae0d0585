import { describe, expect, it, vi } from 'vitest'

import type { InvokeChannel } from '../../../../src/shared/channels'
import type { Diagnosis } from '../../../../src/shared/diagnosis'
import type { FleetTable } from '../../../../src/shared/fleet'
import { FLEET_MAX_BYTES, FLEET_MAX_REQUEST_CHARS } from '../../../../src/shared/constants'
import { createReportStore } from '../../../../src/renderer/features/report/report-store'
import { type Answer, deferred, err, fakeTransport, ok } from '../../test-support/fake-transport'
import { createReportController, reportFileName } from '../../../../src/renderer/features/report/report-controller'

const DIAGNOSIS: Diagnosis = { schemaVersion: 1, startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:05Z', environment: {}, steps: [] }
const TABLE: FleetTable = { nodes: [], rows: [], differing: [], rejected: [] }
const AT = new Date(2026, 10, 21, 6, 7, 8)

function setup(answers: Partial<Record<InvokeChannel, Answer>>, nativeSave = false) {
  const f = fakeTransport({
    'report:render': (req) => ok({ text: `report ${JSON.stringify(req)}`, masked: [] }),
    'history:load': ok(DIAGNOSIS),
    ...answers,
  })
  const store = createReportStore()
  const download = vi.fn()
  const readFile = vi.fn(async (file: File) => `text of ${file.name}`)
  const actions = createReportController(f.transport, store, { download, readFile, nativeSave, now: () => AT })
  return { ...f, store, actions, download, readFile }
}

const file = (name: string, size = 10) => ({ name, size }) as File

describe('report controller: export', () => {
  it("copies Markdown masked unless Markdown itself was unmasked: choosing JSON or unticking it unmasks no copy, and the copy says which", async () => {
    const s = setup({})
    s.store.getState().setFormat('json')
    s.store.getState().setRedact(false)
    expect(await s.actions.markdown('en', { kind: 'chosen' })).toMatchObject({ redact: true })
    expect(s.callsOf('report:render').at(-1)?.args).toEqual([{ format: 'md', redact: true, lang: 'en' }])
    await s.actions.savePdf('en')
    expect(s.callsOf('report:pdf').at(-1)?.args).toEqual([{ redact: true, lang: 'en' }])
    expect(s.store.getState().saveNotice).toMatchObject({ kind: 'failed' })
    s.store.getState().setFormat('md')
    s.store.getState().setRedact(false)
    expect(await s.actions.markdown('en', { kind: 'chosen' })).toMatchObject({ redact: false })
    expect(s.callsOf('report:render').at(-1)?.args).toEqual([{ format: 'md', redact: false, lang: 'en' }])
  })

  it('copies and saves the diagnosis shown on the Diagnose page (never the latest saved one), masked; with none shown, nothing', async () => {
    const s = setup({})
    s.store.getState().setFormat('html')
    s.store.getState().setRedact(false)
    const shown: Diagnosis = { ...DIAGNOSIS, finishedAt: '2026-02-03T04:05:06Z' }
    expect(await s.actions.markdown('en', { kind: 'shown', diagnosis: shown })).toMatchObject({ redact: true })
    expect(s.callsOf('report:render').at(-1)?.args).toEqual([{ format: 'md', redact: true, lang: 'en', diagnosis: shown }])
    await expect(s.actions.markdown('en', { kind: 'shown', diagnosis: null })).rejects.toThrow()
    await s.actions.saveShown('en', shown)
    expect(s.callsOf('report:render').at(-1)?.args).toEqual([{ format: 'html', redact: true, lang: 'en', diagnosis: shown }])
    const name = reportFileName('html', new Date(shown.finishedAt))
    expect(s.download).toHaveBeenCalledWith(expect.stringContaining('"format":"html"'), name, 'text/html;charset=utf-8')
    expect(s.store.getState().saveNotice).toEqual({ kind: 'downloaded', name, redact: true })
    expect(s.callsOf('history:list')).toHaveLength(0)
  })


  it('names the file by the local time', () => {
    expect(reportFileName('md', AT)).toBe('gpu-doctor-report-2026-11-21-06-07-08.md')
  })

  it('renders the latest saved diagnosis, or a history entry loaded once; Markdown with its HTML twin for the rendered preview', async () => {
    const s = setup({})
    await s.actions.renderPreview('en')
    expect(s.callsOf('report:render').map((c) => c.args)).toEqual([[{ format: 'md', redact: true, lang: 'en' }], [{ format: 'html', redact: true, lang: 'en' }]])
    expect(s.store.getState().preview.value).toMatchObject({ format: 'md', redact: true, lang: 'en', source: { kind: 'latest' } })
    expect(s.store.getState().preview.value?.text).toContain('"format":"md"')
    expect(s.store.getState().preview.value?.html).toContain('"format":"html"')

    s.store.getState().setSource({ kind: 'history', id: 'h1' })
    await s.actions.renderPreview('zh-CN')
    await s.actions.renderPreview('en')
    expect(s.callsOf('history:load')).toEqual([{ channel: 'history:load', args: ['h1'] }])
    expect(s.callsOf('report:render')[2]?.args).toEqual([{ format: 'md', redact: true, lang: 'zh-CN', diagnosis: DIAGNOSIS }])
  })

  it('previews HTML as itself and JSON as source only', async () => {
    const s = setup({})
    s.store.getState().setFormat('html')
    await s.actions.renderPreview('en')
    expect(s.callsOf('report:render')).toHaveLength(1)
    expect(s.store.getState().preview.value?.html).toBe(s.store.getState().preview.value?.text)
    s.store.getState().setFormat('json')
    await s.actions.renderPreview('en')
    expect(s.callsOf('report:render')).toHaveLength(2)
    expect(s.store.getState().preview.value?.html).toBeNull()
  })

  it('keeps only the newest preview when answers cross', async () => {
    const slow = deferred<ReturnType<typeof ok>>()
    let n = 0
    const s = setup({ 'report:render': (req) => ((req as { format: string }).format === 'md' && ++n === 1 ? slow.promise : ok({ text: 'json', masked: [] })) })
    const first = s.actions.renderPreview('en')
    s.store.getState().setFormat('json')
    await s.actions.renderPreview('en')
    slow.resolve(ok({ text: 'md', masked: [] }))
    await first
    expect(s.store.getState().preview.value).toMatchObject({ text: 'json', format: 'json' })
  })

  it('a history entry that cannot be loaded is the preview error', async () => {
    const s = setup({ 'history:load': err('history entry x has no diagnosis') })
    s.store.getState().setSource({ kind: 'history', id: 'x' })
    await s.actions.renderPreview('en')
    expect(s.store.getState().preview.error?.message).toBe('history entry x has no diagnosis')
  })

  it('saves the previewed text as a download, rendering first when the options changed', async () => {
    const s = setup({})
    await s.actions.renderPreview('en')
    await s.actions.save('en')
    expect(s.callsOf('report:render')).toHaveLength(2)
    expect(s.download).toHaveBeenCalledWith(s.store.getState().preview.value!.text, 'gpu-doctor-report-2026-11-21-06-07-08.md', 'text/markdown;charset=utf-8')
    expect(s.store.getState().saveNotice).toEqual({ kind: 'downloaded', name: 'gpu-doctor-report-2026-11-21-06-07-08.md', redact: true })

    s.store.getState().setFormat('json')
    await s.actions.save('en')
    expect(s.callsOf('report:render')).toHaveLength(3)
    expect(s.download).toHaveBeenLastCalledWith(expect.stringContaining('"format":"json"'), 'gpu-doctor-report-2026-11-21-06-07-08.json', 'application/json;charset=utf-8')
    expect(s.callsOf('report:save')).toHaveLength(0)
  })

  it('a Markdown copy the clipboard refused is downloaded under the time of the run it reports, not of the click', async () => {
    const s = setup({})
    s.store.getState().setSource({ kind: 'history', id: 'run-1' })
    await s.actions.downloadMarkdown('# report', { kind: 'chosen' })
    expect(s.download).toHaveBeenCalledWith('# report', reportFileName('md', new Date(DIAGNOSIS.finishedAt)), 'text/markdown;charset=utf-8')
    expect(reportFileName('md', new Date(DIAGNOSIS.finishedAt))).not.toBe(reportFileName('md', AT))
  })

  it('a render that fails saves nothing and says why', async () => {
    const s = setup({ 'report:render': err('no GPU state') })
    await s.actions.save('en')
    expect(s.download).not.toHaveBeenCalled()
    expect(s.store.getState()).toMatchObject({ saving: false, saveNotice: { kind: 'failed', message: 'no GPU state' } })
  })

  it("in the app, uses main's save dialog; a cancelled dialog is no error; no dialog falls back to a download", async () => {
    const s = setup({ 'report:save': ok({ saved: true, path: '/home/u/r.md', reason: null }) }, true)
    expect(s.actions.nativeSave).toBe(true)
    await s.actions.save('en')
    expect(s.callsOf('report:save')[0]?.args).toEqual([{ format: 'md', redact: true, lang: 'en' }])
    expect(s.store.getState().saveNotice).toEqual({ kind: 'saved', path: '/home/u/r.md', redact: true })
    expect(s.download).not.toHaveBeenCalled()

    s.answers['report:save'] = ok({ saved: false, path: null, reason: 'cancelled' })
    await s.actions.save('en')
    expect(s.store.getState().saveNotice).toBeNull()

    s.answers['report:save'] = ok({ saved: false, path: null, reason: 'no-save-dialog' })
    await s.actions.save('en')
    expect(s.download).toHaveBeenCalledTimes(1)

    await s.actions.savePdf('en')
    expect(s.callsOf('report:save').at(-1)?.args).toEqual([{ format: 'pdf', redact: true, lang: 'en' }])
    expect(s.callsOf('report:pdf')).toHaveLength(0)
  })

  it('in the app, a file the core could not write is said as such, and nothing else is downloaded in its place', async () => {
    const notWritten = { ok: false as const, error: { code: 'not-written', message: 'Not written: /ro/r.md: not writable', details: { problem: 'not-writable', path: '/ro/r.md', detail: 'EROFS' } } }
    const s = setup({ 'report:save': notWritten }, true)
    await s.actions.save('en')
    expect(s.download).not.toHaveBeenCalled()
    expect(s.store.getState().saveNotice).toMatchObject({ kind: 'failed', code: 'not-written', details: { path: '/ro/r.md' } })
  })

  it('in the browser, downloads the PDF the core printed; no Chromium there is said with its code', async () => {
    const pdf = '%PDF-1.4 x'
    const s = setup({ 'report:pdf': ok({ base64: btoa(pdf), bytes: pdf.length, masked: [] }) })
    s.store.getState().setSource({ kind: 'history', id: 'h1' })
    await s.actions.savePdf('zh-CN')
    expect(s.callsOf('report:pdf')[0]?.args).toEqual([{ redact: true, lang: 'zh-CN', diagnosis: DIAGNOSIS }])
    const [bytes, name, mime] = s.download.mock.calls[0]!
    expect(new TextDecoder().decode(bytes as Uint8Array)).toBe(pdf)
    // Named after the run it reports (finished 00:00:05 UTC), not after the moment of the save.
    const run = new Date(DIAGNOSIS.finishedAt)
    const p = (n: number) => String(n).padStart(2, '0')
    expect([name, mime]).toEqual([`gpu-doctor-report-2026-${p(run.getMonth() + 1)}-${p(run.getDate())}-${p(run.getHours())}-${p(run.getMinutes())}-05.pdf`, 'application/pdf'])
    expect(s.store.getState().saveNotice).toEqual({ kind: 'downloaded', name, redact: true })

    s.answers['report:pdf'] = err('PDF needs a headless Chromium', 'no-chromium')
    await s.actions.savePdf('en')
    expect(s.store.getState()).toMatchObject({ saving: false, saveNotice: { kind: 'failed', code: 'no-chromium' } })
    expect(s.download).toHaveBeenCalledTimes(1)
  })
})

describe('report controller: history', () => {
  it('lists, opens and compares the two ticked entries, the older as A', async () => {
    const s = setup({ 'history:list': ok({ entries: [], unreadable: [], keeps: 500 }), 'history:compare': ok({ a: {}, b: {}, changes: [], steps: [], timings: [] }) })
    await s.actions.loadHistory()
    expect(s.store.getState().history.value).toEqual([])
    await s.actions.openHistory('2026-b')
    expect(s.store.getState().opened).toMatchObject({ id: '2026-b', value: DIAGNOSIS })
    await s.actions.compareHistory()
    expect(s.callsOf('history:compare')).toHaveLength(0)
    s.store.getState().togglePick('2026-11-21T06-00')
    s.store.getState().togglePick('2026-11-20T06-00')
    await s.actions.compareHistory()
    expect(s.callsOf('history:compare')[0]?.args).toEqual(['2026-11-20T06-00', '2026-11-21T06-00'])
    expect(s.store.getState().comparison.value).toBeTruthy()
  })

  it('an unlisted history is an error of its section', async () => {
    const s = setup({ 'history:list': err('EACCES') })
    await s.actions.loadHistory()
    expect(s.store.getState().history).toMatchObject({ loading: false, error: { message: 'EACCES' } })
  })
})

describe('report controller: fleet', () => {
  it('reads the picked files, leaves out those too large or unreadable, and merges the rest', async () => {
    const s = setup({ 'report:merge': ok(TABLE) })
    s.readFile.mockImplementation(async (f: File) => (f.name === 'bad.json' ? Promise.reject(new Error('x')) : `text of ${f.name}`))
    await s.actions.pickFleetFiles([file('a.json'), file('big.json', FLEET_MAX_BYTES + 1), file('bad.json'), file('b.json')])
    expect(s.store.getState().fleetFiles.map((f) => f.problem)).toEqual([null, 'too-large', 'unreadable', null])
    expect(s.callsOf('report:merge')[0]?.args).toEqual([['text of a.json', 'text of b.json']])
    expect(s.store.getState().fleet.value).toEqual(TABLE)
  })

  it('does not send more than one request can carry', async () => {
    const s = setup({ 'report:merge': ok(TABLE) })
    const big = 'x'.repeat(Math.ceil(FLEET_MAX_REQUEST_CHARS / 4) + 1)
    s.readFile.mockImplementation(async () => big)
    await s.actions.pickFleetFiles([file('1'), file('2'), file('3'), file('4')])
    expect(s.callsOf('report:merge')).toHaveLength(0)
    expect(s.store.getState().fleet.error?.code).toBe('too-large')
  })

  it('nothing readable: nothing sent', async () => {
    const s = setup({ 'report:merge': ok(TABLE) })
    await s.actions.pickFleetFiles([file('big.json', FLEET_MAX_BYTES + 1)])
    expect(s.callsOf('report:merge')).toHaveLength(0)
  })
})
