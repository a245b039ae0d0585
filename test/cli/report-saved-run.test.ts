import { mkdtempSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { beforeAll, describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { fakeHealthEnv } from '../helpers/fake-smi'

// A real diagnosis of two H100s (docs/verification/issues-23-24-after-h100-x2/multi-gpu/all-idle.json),
// reported on a machine whose nvidia-smi replays one H200: nothing of the H200, this host or today
// may pass for what the H100 run recorded.
const SAVED = fileURLToPath(new URL('../fixtures/h100-x2-issue23/all-idle-diagnosis.json', import.meta.url))
const RUN_UUIDS = ['GPU-4afa91ed-eb30-4383-56a3-8b5f71ba751b', 'GPU-597f2364-e8c8-caed-3f8d-800bfee1edaa']
const NOW_UUID = 'GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60'
// The host name is checked by its row: the H100 machine's NCCL log lines begin with its own name,
// which may be this machine's too ("vm").

interface Json {
  facts: { hostname: string | null; gpuModels: string[]; gpuCount: number }
  host: unknown
  gpu: unknown
  health: unknown
  monitor: unknown
  recommendation: { input: { gpus: Array<{ name: string }> } } | null
  readNow: { host: { hostname: string; distro: string | null; release: string | null; platform: string }; gpu: { status: { gpus: Array<{ uuid: string }> } }; health: unknown }
}

describe('gpu-doctor report --from a saved diagnosis of another machine', () => {
  const env = fakeHealthEnv('h200-x1', { GPU_DOCTOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'gd-saved-run-')) })
  const out: Record<string, string> = {}
  let json: Json

  beforeAll(async () => {
    const runs = await Promise.all([
      runBuiltCli(['report', '--from', SAVED, '--format', 'json'], env, { timeoutMs: 30_000 }),
      runBuiltCli(['report', '--from', SAVED, '--no-redact'], env, { timeoutMs: 30_000 }),
      runBuiltCli(['report', '--from', SAVED, '--no-redact', '--lang', 'zh-CN'], env, { timeoutMs: 30_000 }),
      runBuiltCli(['report', '--from', SAVED, '--no-redact', '--format', 'html'], env, { timeoutMs: 30_000 }),
    ])
    for (const r of runs) expect(r.code, r.stderr).toBe(0)
    json = JSON.parse(runs[0]!.stdout) as Json
    out.en = runs[1]!.stdout
    out.zh = runs[2]!.stdout
    out.html = runs[3]!.stdout
  }, 60_000)

  it('JSON: the run\'s two H100s and its recommendation; the H200, this host and its health only under readNow', () => {
    expect([json.host, json.gpu, json.health, json.monitor]).toEqual([null, null, null, null])
    expect(json.facts).toMatchObject({ hostname: null, gpuModels: ['NVIDIA H100 80GB HBM3'], gpuCount: 2 })
    expect(json.recommendation?.input.gpus.map((g) => g.name)).toEqual(['NVIDIA H100 80GB HBM3', 'NVIDIA H100 80GB HBM3'])
    expect(json.readNow.host.hostname).toBe(hostname())
    expect(json.readNow.gpu.status.gpus.map((g) => g.uuid)).toEqual([NOW_UUID])
    expect(json.readNow.health).not.toBeNull()
    expect(JSON.stringify({ ...json, readNow: null })).not.toContain(NOW_UUID)
  })

  it.each([
    ['en', 'Read now, on this machine (not recorded by the diagnosis)', 'Monitor history', 'Host name'],
    ['zh', '当前读取，本机（不是该次诊断的记录）', '监控历史', '主机名'],
  ] as const)('Markdown (%s): this machine\'s UUID, host name, OS and health only below the read-now heading', (lang, heading, monitor, hostLabel) => {
    const md = out[lang]!
    const at = md.indexOf(`<details><summary>${heading}</summary>`)
    expect(at, md).toBeGreaterThan(0)
    const run = md.slice(0, at)
    const now = md.slice(at)
    const os = [json.readNow.host.distro, json.readNow.host.release].filter(Boolean).join(' ') || json.readNow.host.platform
    for (const uuid of RUN_UUIDS) expect(run).toContain(uuid)
    expect(run).not.toContain(NOW_UUID)
    expect(run).not.toContain(`| ${hostLabel} |`)
    expect(run).not.toContain(os)
    expect(run).not.toContain('NVIDIA H200')
    expect(run).not.toContain(monitor)
    expect(now).toContain(NOW_UUID)
    expect(now).toContain(`| ${hostLabel} | ${hostname()} |`)
    expect(now).toContain(os)
    expect(now).toContain(monitor)
  })

  it('HTML: the same split, the read-now part a section of its own', () => {
    const html = out.html!
    const start = html.indexOf('<section class="read-now" id="read-now"><h2>Read now, on this machine (not recorded by the diagnosis)</h2>')
    const end = html.indexOf('</section>', start)
    expect(start).toBeGreaterThan(0)
    const outside = html.slice(0, start) + html.slice(end)
    expect(outside).not.toContain(NOW_UUID)
    expect(outside).not.toContain('<th>Host name</th>')
    expect(outside).toContain(RUN_UUIDS[1])
    expect(html.slice(start, end)).toContain(NOW_UUID)
    expect(html.slice(start, end)).toContain(`<th>Host name</th><td>${hostname()}</td>`)
  })
})
