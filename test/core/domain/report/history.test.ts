import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { defaultDataDir, historyDir } from '../../../../src/core/domain/report/history/data-dir'
import { HISTORY_LIMIT, HistoryStore } from '../../../../src/core/domain/report/history/history-store'
import type { Diagnosis } from '../../../../src/shared/diagnosis'
import { h200Diagnosis } from './fixtures'

const store = () => new HistoryStore(historyDir(mkdtempSync(join(tmpdir(), 'gd-history-'))))
const at = (d: Diagnosis, startedAt: string): Diagnosis => ({ ...d, startedAt })

describe('diagnosis history', () => {
  it('resolves the data directory: override, XDG, ~/.local/share, %APPDATA%', () => {
    expect(defaultDataDir({ GPU_DOCTOR_DATA_DIR: '/srv/gd', XDG_DATA_HOME: '/x' }, 'linux')).toBe('/srv/gd')
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg', HOME: '/home/a' }, 'linux')).toBe('/xdg/gpu-doctor')
    expect(defaultDataDir({ HOME: '/home/a' }, 'linux')).toBe('/home/a/.local/share/gpu-doctor')
    expect(defaultDataDir({ HOME: '/Users/a' }, 'darwin')).toBe('/Users/a/.local/share/gpu-doctor')
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toMatch(/^C:\\Users\\a\\AppData\\Roaming[\\/]gpu-doctor$/)
    expect(historyDir('/srv/gd')).toBe('/srv/gd/history')
  })

  it('saves each diagnosis as its own JSON file and lists them newest first', async () => {
    const s = store()
    const older = (await s.save(at(h200Diagnosis('diagnose'), '2026-11-20T10:00:00.000Z'))).entry
    const newer = (await s.save(at(h200Diagnosis('diagnose-disable-cudnn'), '2026-11-21T10:00:00.000Z'))).entry
    expect(older.id).toMatch(/^2026-11-20T10-00-00-000Z-[0-9a-f]{6}$/)
    const list = (await s.list()).entries
    expect(list.map((e) => e.id)).toEqual([newer.id, older.id])
    expect(list[0]).toMatchObject({
      torch: '2.11.0+cu130',
      driverVersion: '580.159.04',
      cudnn: '9.19.0',
      gpuModels: ['NVIDIA H200'],
      steps: [
        { id: 'gpu-visible', status: 'pass' },
        { id: 'cudnn-loaded', status: 'fail' },
        { id: 'ldd-linkage', status: 'pass' },
        { id: 'sm-utilisation', status: 'warn' },
        { id: 'conv-timing', status: 'fail' },
      ],
    })
    // The file is the diagnosis itself, so `report --from` reads it.
    const saved = JSON.parse(readFileSync(join(s.dir, `${newer.id}.json`), 'utf8')) as Diagnosis
    // A run made with --disable-cudnn: the option switched cuDNN off, and the saved file says so.
    expect(saved.steps[1]!.findings[0]!.id).toBe('cudnn-disabled-by-option')
    expect((await s.load(older.id)).startedAt).toBe('2026-11-20T10:00:00.000Z')
    expect((await s.latest()).found?.id).toBe(newer.id)
  })

  it('skips files that are not diagnoses and refuses ids that are paths', async () => {
    const s = store()
    await s.save(h200Diagnosis('diagnose'))
    writeFileSync(join(s.dir, 'zzz-broken.json'), '{ not json')
    writeFileSync(join(s.dir, 'notes.txt'), 'hello')
    expect((await s.list()).entries.length).toBe(1)
    await expect(s.load('../../etc/passwd')).rejects.toThrow(/history id/)
    await expect(s.load('/etc/passwd')).rejects.toThrow(/history id/)
    await expect(s.load('zzz-broken')).rejects.toThrow()
    expect((await s.latest()).found?.diagnosis.steps.length).toBe(5)
  })

  it('keeps at most its limit of diagnoses, dropping the oldest', async () => {
    const s = new HistoryStore(historyDir(mkdtempSync(join(tmpdir(), 'gd-history-'))), 2)
    const d = h200Diagnosis('diagnose-cvd-empty')
    const ids: string[] = []
    const pruned: number[] = []
    for (let i = 0; i < 3; i++) {
      const { entry, pruned: n } = await s.save(at(d, new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString()))
      ids.push(entry.id)
      pruned.push(n)
    }
    expect(pruned).toEqual([0, 0, 1])
    expect(readdirSync(s.dir).sort()).toEqual([`${ids[1]}.json`, `${ids[2]}.json`])
    expect(HISTORY_LIMIT).toBe(500)
  })

  it('never deletes the entry it has just saved, when older entries carry future dates (a clock that was ahead)', async () => {
    const s = new HistoryStore(historyDir(mkdtempSync(join(tmpdir(), 'gd-history-'))), 2)
    const d = h200Diagnosis('diagnose-cvd-empty')
    const ahead = [(await s.save(at(d, '2031-05-01T00:00:00.000Z'))).entry.id, (await s.save(at(d, '2031-05-02T00:00:00.000Z'))).entry.id]
    const { entry, pruned } = await s.save(at(d, '2026-12-07T10:00:00.000Z'))
    expect(pruned).toBe(1)
    expect(readdirSync(s.dir).sort()).toEqual([`${entry.id}.json`, `${ahead[1]}.json`].sort())
    expect((await s.load(entry.id)).startedAt).toBe('2026-12-07T10:00:00.000Z')
  })

  it('is empty, not an error, before the first diagnosis', async () => {
    const s = new HistoryStore(join(tmpdir(), `gd-none-${Date.now()}`, 'history'))
    await expect(s.list()).resolves.toEqual({ entries: [], unreadable: [], keeps: HISTORY_LIMIT })
    await expect(s.latest()).resolves.toEqual({ found: null, skipped: [] })
  })
})
