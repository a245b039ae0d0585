import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { historyDir } from '../../src/core/domain/report/history/data-dir'
import { HistoryStore } from '../../src/core/domain/report/history/history-store'
import type { Diagnosis } from '../../src/shared/diagnosis'
import { fixtureText, h200Diagnosis } from '../core/domain/report/fixtures'
import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { pythonWithoutTorch } from '../helpers/pythons'

const at = (d: Diagnosis, startedAt: string): Diagnosis => ({ ...d, startedAt })

async function historyWithDamagedNewest() {
  const data = mkdtempSync(join(tmpdir(), 'gd-cli-damage-'))
  const store = new HistoryStore(historyDir(data))
  const good = (await store.save(at(h200Diagnosis('diagnose'), '2026-11-20T10:00:00.000Z'))).entry.id
  const cut = '2026-11-21T10-00-00-000Z-abcdef'
  writeFileSync(join(store.dir, `${cut}.json`), fixtureText('diagnose').slice(0, 3000))
  return { data, store, good, cut, env: { ...fakeSmiEnv('h200-x1'), GPU_DOCTOR_DATA_DIR: data } }
}

describe('gpu-doctor and a damaged or unwritable history', () => {
  it('report --latest names the damaged newest entry and reports the newest readable one, labelled', async () => {
    const { good, cut, store, env } = await historyWithDamagedNewest()
    const r = await runBuiltCli(['report', '--latest', '--format', 'json', '--no-redact'], env, { timeoutMs: 30_000 })
    expect(r.code).toBe(0)
    expect(r.stderr).toContain(`Skipped history entry ${cut}: the file is cut short (${join(store.dir, `${cut}.json`)})`)
    expect(r.stderr).toContain(`Reporting the newest readable diagnosis instead: ${good}`)
    expect(JSON.parse(r.stdout).diagnosis.startedAt).toBe('2026-11-20T10:00:00.000Z')
    const zh = await runBuiltCli(['report', '--latest', '--format', 'json', '--lang', 'zh-CN'], env, { timeoutMs: 30_000 })
    expect(zh.stderr).toContain(`已跳过历史记录 ${cut}：文件不完整（被截断）`)
  })

  it('with only damaged entries, --latest says how many could not be read (not "no saved diagnosis")', async () => {
    const { good, store, env } = await historyWithDamagedNewest()
    writeFileSync(join(store.dir, `${good}.json`), '{"not": "a diagnosis"}')
    const r = await runBuiltCli(['report', '--latest'], env, { timeoutMs: 30_000 })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('No readable saved diagnosis: 2 entries could not be read')
    expect(r.stderr).not.toContain('No saved diagnosis yet')
  })

  it('report --compare with a damaged history id says which and why (exit 2)', async () => {
    const { good, cut, env } = await historyWithDamagedNewest()
    const r = await runBuiltCli(['report', '--compare', good, cut], env, { timeoutMs: 30_000 })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`History entry ${cut} cannot be read: the file is cut short`)
  })

  it('GPU_DOCTOR_DATA_DIR=/proc/nope: the diagnosis is shown, "could not save" is said, and it ends at once', async () => {
    const started = Date.now()
    const r = await runBuiltCli(['diagnose', '--python', pythonWithoutTorch(), '--steps', 'gpu-visible'], { ...fakeSmiEnv('h200-x1'), GPU_DOCTOR_DATA_DIR: '/proc/nope' }, { timeoutMs: 30_000 })
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('torch-not-installed')
    expect(r.stderr).toContain('Could not save to history (the folder cannot be created there): /proc/nope/history')
  })

  it('says when the history deleted old entries, and warns about a damaged settings file without failing', async () => {
    const { data, store, good, cut, env } = await historyWithDamagedNewest()
    const oldest = (await store.save(at(h200Diagnosis('diagnose'), '2026-11-19T10:00:00.000Z'))).entry.id
    writeFileSync(join(data, 'settings.json'), '{"historyLimit": 2}')
    const r = await runBuiltCli(['diagnose', '--python', pythonWithoutTorch(), '--steps', 'gpu-visible'], env, { timeoutMs: 30_000 })
    expect(r.stderr).toMatch(/History keeps 2 diagnoses: deleted the oldest one/)
    // The damaged entry does not count: the new one and the newest readable one stay, the oldest goes.
    const left = readdirSync(store.dir).filter((n) => n.endsWith('.json'))
    expect(left).toHaveLength(3)
    expect(left).toEqual(expect.arrayContaining([`${good}.json`, `${cut}.json`]))
    expect(left).not.toContain(`${oldest}.json`)
    writeFileSync(join(data, 'settings.json'), '{"historyLimit": ')
    const damaged = await runBuiltCli(['diagnose', '--python', pythonWithoutTorch(), '--steps', 'gpu-visible', '--lang', 'zh-CN'], env, { timeoutMs: 30_000 })
    expect(damaged.code).toBe(1)
    expect(damaged.stderr).toContain(`设置文件 ${join(data, 'settings.json')} 无法读取`)
    expect(damaged.stderr).toMatch(/已保存到历史记录/)
    expect(readFileSync(join(data, 'settings.json'), 'utf8')).toBe('{"historyLimit": ')
  })
})
