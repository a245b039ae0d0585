import { mkdtempSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { historyDir } from '../../../../src/core/domain/report/history/data-dir'
import { HistoryStore } from '../../../../src/core/domain/report/history/history-store'
import { createCoreService } from '../../../../src/core/app/service/core-service'
import type { CoreService } from '../../../../src/core/app/service/types'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../../src/shared/channels'
import type { Comparison, HistoryListing } from '../../../../src/shared/history'
import type { FleetTable } from '../../../../src/shared/fleet'
import type { RenderedPdf, RenderedReport, Report } from '../../../../src/shared/report'
import { fakeSmiEnv } from '../../../helpers/fake-smi'
import { fixtureText, h200Diagnosis } from './fixtures'

const FAKE_SMI_UUID = '96e2900a-5566-8089-5bf7-2a840ab1ea60'

let core: CoreService | null = null
afterEach(async () => {
  await core?.dispose()
  core = null
})

async function withHistory() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gd-core-'))
  const store = new HistoryStore(historyDir(dataDir))
  const a = (await store.save({ ...h200Diagnosis('diagnose'), startedAt: '2026-11-20T10:00:00.000Z' })).entry
  const b = (await store.save({ ...h200Diagnosis('diagnose-disable-cudnn'), startedAt: '2026-11-21T10:00:00.000Z' })).entry
  core = createCoreService({ dataDir, env: fakeSmiEnv('h200-x1') })
  return { core, a, b }
}

const value = <T>(r: { ok: boolean; value?: unknown; error?: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error))
  return r.value as T
}

describe('report, history and fleet channels of the core service', () => {
  it('lists, loads and compares saved diagnoses by id, never by path', async () => {
    const { core, a, b } = await withHistory()
    const list = value<HistoryListing>(await core.invoke(INVOKE_CHANNELS.listHistory, [])).entries
    expect(list.map((e) => e.id)).toEqual([b.id, a.id])
    const loaded = value<{ steps: unknown[] }>(await core.invoke(INVOKE_CHANNELS.loadHistory, [a.id]))
    expect(loaded.steps.length).toBe(5)
    const c = value<Comparison>(await core.invoke(INVOKE_CHANNELS.compareHistory, [a.id, b.id]))
    expect(c.steps.find((s) => s.id === 'cudnn-loaded')).toMatchObject({ a: 'pass', b: 'fail', changed: true })
    for (const bad of ['../secrets', '/etc/passwd', 'a/b', '']) {
      const r = await core.invoke(INVOKE_CHANNELS.loadHistory, [bad])
      expect(r.ok ? 'ok' : r.error.code, bad).toBe('invalid-arguments')
    }
  })

  it('renders the latest saved diagnosis, redacted, with what was masked for the preview', async () => {
    const { core } = await withHistory()
    const r = value<RenderedReport>(await core.invoke(INVOKE_CHANNELS.renderReport, [{ format: 'md', redact: true, lang: 'en' }]))
    expect(r.text).toContain('<details><summary>2. cuDNN loaded — FAIL</summary>')
    expect(r.text).toContain('Latest saved diagnosis')
    expect(r.masked.map((m) => m.kind)).toEqual(expect.arrayContaining(['host', 'uuid']))
    expect(r.masked.find((m) => m.kind === 'host')?.original).toBe(hostname())
    expect(r.text).not.toContain(FAKE_SMI_UUID)
    const plain = value<RenderedReport>(await core.invoke(INVOKE_CHANNELS.renderReport, [{ format: 'json', redact: false, lang: 'en' }]))
    expect(plain.masked).toEqual([])
    // The saved run did not record nvidia-smi's table: this machine's GPUs are read now, and say so.
    const json = JSON.parse(plain.text) as Report
    expect(json.gpu).toBeNull()
    expect(json.readNow?.gpu).toMatchObject({ kind: 'ok', status: { gpus: [{ uuid: `GPU-${FAKE_SMI_UUID}` }] } })
    expect(r.text).toContain('<details><summary>Read now, on this machine (not recorded by the diagnosis)</summary>')
  })

  it('renders a diagnosis the app passes, in Chinese HTML', async () => {
    const { core } = await withHistory()
    const r = value<RenderedReport>(await core.invoke(INVOKE_CHANNELS.renderReport, [{ format: 'html', redact: true, lang: 'zh-CN', diagnosis: h200Diagnosis('diagnose-cvd-empty') }]))
    expect(r.text).toContain('PyTorch 能看到 GPU')
    expect(r.text).toContain('来自应用的诊断')
    const bad = await core.invoke(INVOKE_CHANNELS.renderReport, [{ format: 'pdf', redact: true, lang: 'en' }])
    expect(bad.ok).toBe(false)
  })

  it('prints the report to PDF for front ends without a printer, and says when there is no Chromium', async () => {
    const { core } = await withHistory()
    const r = value<RenderedPdf>(await core.invoke(INVOKE_CHANNELS.renderPdf, [{ redact: true, lang: 'zh-CN' }]))
    const bytes = Buffer.from(r.base64, 'base64')
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.length).toBe(r.bytes)
    expect(r.masked.map((m) => m.kind)).toContain('host')
    const dataDir = mkdtempSync(join(tmpdir(), 'gd-core-'))
    const none = createCoreService({ dataDir, env: { ...fakeSmiEnv('h200-x1'), GPU_DOCTOR_CHROMIUM: '/nonexistent/chromium' } })
    try {
      const failed = await none.invoke(INVOKE_CHANNELS.renderPdf, [{ redact: true, lang: 'en', diagnosis: h200Diagnosis('diagnose') }])
      expect(failed.ok ? 'ok' : failed.error.code).toBe('no-chromium')
    } finally {
      await none.dispose()
    }
  }, 60_000)

  it('merges report texts into a fleet table and refuses more than 50', async () => {
    const { core } = await withHistory()
    const a = fixtureText('diagnose')
    const planted = a.replace('"cudnn": "9.19.0"', '"cudnn": "9.14.0"')
    expect(planted).not.toBe(a)
    const table = value<FleetTable>(await core.invoke(INVOKE_CHANNELS.mergeReports, [[a, planted]]))
    expect(table.differing).toContain('cudnn')
    const tooMany = await core.invoke(INVOKE_CHANNELS.mergeReports, [Array.from({ length: 51 }, () => a)])
    expect(tooMany.ok ? 'ok' : tooMany.error.code).toBe('invalid-arguments')
  })

  it('summarises the live monitor history in the report', async () => {
    const { core } = await withHistory()
    let samples = 0
    core.on(EVENT_CHANNELS.monitorSample, () => samples++)
    value(await core.invoke(INVOKE_CHANNELS.startMonitor, [{ intervalMs: 100 }]))
    const end = Date.now() + 10_000
    while (samples < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
    const r = value<RenderedReport>(await core.invoke(INVOKE_CHANNELS.renderReport, [{ format: 'json', redact: false, lang: 'en' }]))
    const report = JSON.parse(r.text) as Report
    // Samples of today, reported beside a saved diagnosis: under what was read now, not the run's.
    expect(report.monitor).toBeNull()
    expect(report.readNow?.monitor?.samples).toBeGreaterThanOrEqual(3)
    expect(report.readNow?.monitor?.gpus[0]?.index).toBe(0)
  })
})
