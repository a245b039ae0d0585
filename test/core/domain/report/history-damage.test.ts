import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { bounded, ensureDir } from '../../../../src/core/domain/report/history/bounded-write'
import { historyDir } from '../../../../src/core/domain/report/history/data-dir'
import { HistoryEntryUnreadableError } from '../../../../src/core/domain/report/history/entry-damage'
import { HistoryStore } from '../../../../src/core/domain/report/history/history-store'
import { createCoreService } from '../../../../src/core/app/service/core-service'
import { historyWithSettings } from '../../../../src/core/domain/settings/history-with-settings'
import { readSettings } from '../../../../src/core/domain/settings/settings-file'
import { INVOKE_CHANNELS } from '../../../../src/shared/channels'
import type { Diagnosis } from '../../../../src/shared/diagnosis'
import type { HistoryListing } from '../../../../src/shared/history'
import { makeUnwritableDirs } from '../../../helpers/unwritable-dirs'
import { fixtureText, h200Diagnosis } from './fixtures'

const at = (d: Diagnosis, startedAt: string): Diagnosis => ({ ...d, startedAt })
const dataDir = () => mkdtempSync(join(tmpdir(), 'gd-damage-'))

/** Three good entries (days 1–3), then damaged files newer than all of them, one per kind of damage. */
async function damagedHistory(limit?: number) {
  const s = new HistoryStore(historyDir(dataDir()), limit)
  const good: string[] = []
  for (const day of [1, 2, 3]) good.push((await s.save(at(h200Diagnosis('diagnose'), `2026-11-0${day}T10:00:00.000Z`))).entry.id)
  const full = fixtureText('diagnose')
  const damaged = {
    '2026-11-10T10-00-00-000Z-aaaaaa': full.slice(0, Math.floor(full.length / 2)),
    '2026-11-11T10-00-00-000Z-bbbbbb': 'PK\u0003\u0004 garbage, not JSON',
    '2026-11-12T10-00-00-000Z-cccccc': JSON.stringify({ steps: 'nope', environment: {} }),
    '2026-11-13T10-00-00-000Z-dddddd': '',
  }
  for (const [id, text] of Object.entries(damaged)) writeFileSync(join(s.dir, `${id}.json`), text)
  return { s, good, damagedIds: Object.keys(damaged) }
}

describe('a history with damaged entries', () => {
  it('lists the readable ones and names each damaged one with why, apart from the listing limit', async () => {
    const { s, good } = await damagedHistory()
    const listing = await s.list(2)
    expect(listing.entries.map((e) => e.id)).toEqual([good[2], good[1]])
    expect(listing.unreadable).toEqual([
      { id: '2026-11-13T10-00-00-000Z-dddddd', damage: 'empty', detail: null },
      { id: '2026-11-12T10-00-00-000Z-cccccc', damage: 'wrong-schema', detail: expect.stringMatching(/schemaVersion/) },
      { id: '2026-11-11T10-00-00-000Z-bbbbbb', damage: 'not-json', detail: null },
      { id: '2026-11-10T10-00-00-000Z-aaaaaa', damage: 'cut-short', detail: null },
    ])
  })

  it('latest() passes over the damaged newest entries, says which, and returns the newest readable one', async () => {
    const { s, good, damagedIds } = await damagedHistory()
    const latest = await s.latest()
    expect(latest.found?.id).toBe(good[2])
    expect(latest.skipped.map((e) => e.id)).toEqual([...damagedIds].reverse())
  })

  it('load() of a damaged entry throws a coded error; history:load carries it with details', async () => {
    const { s } = await damagedHistory()
    const error = await s.load('2026-11-10T10-00-00-000Z-aaaaaa').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HistoryEntryUnreadableError)
    expect((error as Error).message).toMatch(/cut short/)
    const core = createCoreService({ dataDir: join(s.dir, '..') })
    try {
      const r = await core.invoke(INVOKE_CHANNELS.loadHistory, ['2026-11-11T10-00-00-000Z-bbbbbb'])
      expect(r).toEqual({
        ok: false,
        error: {
          code: 'history-entry-unreadable',
          message: expect.stringMatching(/2026-11-11T10-00-00-000Z-bbbbbb .*not JSON/),
          details: { id: '2026-11-11T10-00-00-000Z-bbbbbb', damage: 'not-json', detail: '' },
        },
      })
      const missing = await core.invoke(INVOKE_CHANNELS.loadHistory, ['2020-01-01T00-00-00-000Z-000000'])
      expect(missing.ok ? null : missing.error.code).toBe('history-entry-not-found')
      const listing = await core.invoke(INVOKE_CHANNELS.listHistory, [])
      expect(listing.ok && (listing.value as HistoryListing).unreadable.length).toBe(4)
    } finally {
      await core.dispose()
    }
  })

  it('damaged entries do not count toward the limit when pruning either: the readable ones stay, the oldest beyond it go with older damage', async () => {
    const { s, good, damagedIds } = await damagedHistory(3)
    const olderDamage = '2026-10-01T10-00-00-000Z-eeeeee'
    writeFileSync(join(s.dir, `${olderDamage}.json`), '{"torn": ')
    const { entry, pruned, keeps } = await s.save(at(h200Diagnosis('diagnose'), '2026-11-20T10:00:00.000Z'))
    expect({ pruned, keeps }).toEqual({ pruned: 2, keeps: 3 })
    const left = readdirSync(s.dir).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5))
    expect(left.sort()).toEqual([entry.id, good[2], good[1], ...damagedIds].sort())
    const listing = await s.list()
    expect(listing.entries.map((e) => e.id)).toEqual([entry.id, good[2], good[1]])
    expect(listing.unreadable).toHaveLength(damagedIds.length)
  })
})

describe('settings', () => {
  it('a missing file is the defaults; a damaged one is the defaults plus a warning, never a throw', async () => {
    const dir = dataDir()
    expect(await readSettings(dir, {})).toEqual({ settings: { historyLimit: 500 }, warnings: [] })
    for (const text of ['{"historyLimit": 12', 'not json', '[1,2]', 'null', '']) {
      writeFileSync(join(dir, 'settings.json'), text)
      const read = await readSettings(dir, {})
      expect(read.settings, text).toEqual({ historyLimit: 500 })
      expect(read.warnings, text).toEqual([expect.objectContaining({ kind: 'damaged-file', file: join(dir, 'settings.json') })])
    }
    await mkdir(join(dir, 'as-folder', 'settings.json'), { recursive: true })
    expect((await readSettings(join(dir, 'as-folder'), {})).warnings).toEqual([expect.objectContaining({ kind: 'damaged-file', detail: 'a folder, not a regular file' })])
  })

  it('historyLimit comes from settings.json, GPU_DOCTOR_HISTORY_LIMIT wins, bad values fall back with a warning', async () => {
    const dir = dataDir()
    writeFileSync(join(dir, 'settings.json'), '{"historyLimit": 2}')
    expect((await readSettings(dir, {})).settings.historyLimit).toBe(2)
    expect((await readSettings(dir, { GPU_DOCTOR_HISTORY_LIMIT: '7' })).settings.historyLimit).toBe(7)
    const bad = await readSettings(dir, { GPU_DOCTOR_HISTORY_LIMIT: '0' })
    expect(bad.settings.historyLimit).toBe(2)
    expect(bad.warnings).toEqual([{ kind: 'bad-value', source: 'GPU_DOCTOR_HISTORY_LIMIT', key: 'historyLimit', value: '0', used: '2' }])
    writeFileSync(join(dir, 'settings.json'), '{"historyLimit": -3}')
    expect((await readSettings(dir, {})).warnings[0]).toMatchObject({ kind: 'bad-value', value: '-3', used: '500' })
  })

  it('the history keeps as many as the settings say, read anew on each save, each warning said once', async () => {
    const dir = dataDir()
    const warnings: string[] = []
    const s = historyWithSettings(dir, {}, (w) => warnings.push(w.kind))
    writeFileSync(join(dir, 'settings.json'), '{"historyLimit": 2}')
    const pruned: number[] = []
    for (const day of [1, 2, 3]) pruned.push((await s.save(at(h200Diagnosis('diagnose'), `2026-11-0${day}T10:00:00.000Z`))).pruned)
    expect(pruned).toEqual([0, 0, 1])
    writeFileSync(join(dir, 'settings.json'), '{ damaged')
    const last = await s.save(at(h200Diagnosis('diagnose'), '2026-11-04T10:00:00.000Z'))
    await s.list()
    expect({ pruned: last.pruned, keeps: last.keeps }).toEqual({ pruned: 0, keeps: 500 })
    expect(warnings).toEqual(['damaged-file'])
  })
})

describe('saving where it cannot be saved', () => {
  const dirs = makeUnwritableDirs()
  afterAll(() => dirs.cleanup())

  it('a path under /proc fails at once with "cannot create the folder", instead of spinning', async () => {
    const s = new HistoryStore('/proc/nope/gpu-doctor/history')
    const started = Date.now()
    await expect(s.save(h200Diagnosis('diagnose'))).rejects.toMatchObject({ code: 'save-failed', failure: { reason: 'cannot-create-folder', path: '/proc/nope/gpu-doctor/history' } })
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('a folder that refuses writes (sysfs, or a read-only folder) is "not writable"', async () => {
    await expect(new HistoryStore('/sys/gpu-doctor-history').save(h200Diagnosis('diagnose'))).rejects.toMatchObject({ failure: { reason: 'not-writable' } })
    if (!dirs.readOnly) return
    await expect(new HistoryStore(join(dirs.readOnly, 'history')).save(h200Diagnosis('diagnose'))).rejects.toMatchObject({ failure: { reason: 'not-writable' } })
  })

  it('a full disk is "no space", and leaves no temporary file behind', async (ctx) => {
    if (!dirs.tiny) return ctx.skip()
    const s = new HistoryStore(join(dirs.tiny, 'history'))
    await expect(s.save(h200Diagnosis('diagnose'))).rejects.toMatchObject({ failure: { reason: 'no-space' } })
    expect(readdirSync(s.dir)).toEqual([])
  })

  it('a save that hangs gives up at its deadline, and a cancel stops it at once', async () => {
    const never = () => new Promise<never>(() => undefined)
    const started = Date.now()
    await expect(bounded(never, '/slow', { timeoutMs: 200 })).rejects.toMatchObject({ failure: { reason: 'timeout', path: '/slow' } })
    expect(Date.now() - started).toBeLessThan(1_000)
    const controller = new AbortController()
    const pending = bounded(never, '/slow', { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ failure: { message: expect.stringMatching(/cancelled/) } })
  })

  it('ensureDir makes the missing levels and refuses a file in the way', async () => {
    const base = dataDir()
    await ensureDir(join(base, 'a', 'b', 'c'))
    expect(readdirSync(join(base, 'a', 'b'))).toEqual(['c'])
    writeFileSync(join(base, 'file'), 'x')
    await expect(ensureDir(join(base, 'file', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' })
  })
})
