import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CLI, runBuiltCli } from '../../helpers/cli'
import { fakeHealthEnv } from '../../helpers/fake-smi'
import { freePort, startDaemon, waitFor, type Daemon } from '../../helpers/daemon'
import { TORCH_PYTHON } from '../../helpers/pythons'

// Debian's prometheus and prometheus-node-exporter, installed by scripts/setup.sh --test.
const PROMETHEUS = '/usr/bin/prometheus'
const PROMTOOL = '/usr/bin/promtool'
const NODE_EXPORTER = '/usr/bin/prometheus-node-exporter'
const RULES = fileURLToPath(new URL('../../../resources/prometheus/gpu-doctor.rules.yml', import.meta.url))
const fixture = (p: string) => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url))

interface Vector {
  metric: Record<string, string>
  value: [number, string]
}

describe('the Prometheus text files, published through node_exporter and scraped by a real Prometheus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gd-prom-'))
  const textfiles = join(dir, 'textfile')
  const daemons: Daemon[] = []
  let api = ''

  const query = async (expr: string): Promise<Vector[]> => {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`, { signal: AbortSignal.timeout(5_000) })
    const body = (await res.json()) as { status: string; data: { result: Vector[] } }
    if (body.status !== 'success') throw new Error(JSON.stringify(body))
    return body.data.result
  }

  beforeAll(async () => {
    for (const bin of [PROMETHEUS, PROMTOOL, NODE_EXPORTER]) {
      if (!existsSync(bin)) throw new Error(`${bin} is missing: run scripts/setup.sh --test (Debian's prometheus and prometheus-node-exporter)`)
    }
    execFileSync('mkdir', ['-p', textfiles])
    // One GPU whose link trained at x8 of x16, and an Xid 79 in its kernel log.
    const smi = join(dir, 'q.xml')
    writeFileSync(smi, readFileSync(fixture('h200-x1/smi/q.xml'), 'utf8').replace('<current_link_width>16x</current_link_width>', '<current_link_width>8x</current_link_width>'))
    const log = join(dir, 'dmesg.txt')
    writeFileSync(log, "[  812.1] NVRM: Xid (PCI:0000:00:06): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n")
    const health = await runBuiltCli(['health', '--prometheus', '-o', join(textfiles, 'gpu_doctor_health.prom'), '--from-smi', smi, '--kernel-log', log], {})
    expect(health.code, health.stderr).toBe(1)
    // A real diagnosis with Debian's CPU-only PyTorch: step 1 fails (no GPU), the others are skipped.
    const diagnose = await runBuiltCli(
      ['diagnose', '--prometheus', '-o', join(textfiles, 'gpu_doctor_diagnosis.prom'), '--python', TORCH_PYTHON, '--steps', 'gpu-visible', '--no-save'],
      { ...process.env, PATH: `${process.env.PATH}` },
      { timeoutMs: 60_000 },
    )
    expect(diagnose.code, diagnose.stderr).toBe(1)

    const exporterPort = await freePort()
    daemons.push(
      startDaemon(NODE_EXPORTER, [
        `--web.listen-address=127.0.0.1:${exporterPort}`,
        '--collector.disable-defaults',
        '--collector.textfile',
        `--collector.textfile.directory=${textfiles}`,
      ]),
    )
    // serve --metrics with the replayed H200 and a kernel log with an Xid 119 (GSP timeout).
    const servePort = await freePort()
    const serveEnv = fakeHealthEnv('h200-x1', { FAKE_DMESG_TEXT: 'NVRM: Xid (PCI:0000:00:06): 119, pid=1, Timeout after 6s of waiting for RPC response from GPU0 GSP!' })
    daemons.push(startDaemon(process.execPath, [CLI, 'serve', '--metrics', '--port', String(servePort), '--no-open'], serveEnv))
    await waitFor('serve --metrics to answer', 20_000, async () => ((await fetch(`http://127.0.0.1:${servePort}/metrics`)).ok ? true : undefined))

    const promPort = await freePort()
    api = `http://127.0.0.1:${promPort}`
    const config = join(dir, 'prometheus.yml')
    writeFileSync(
      config,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ['${RULES}']`,
        'scrape_configs:',
        `  - { job_name: node, static_configs: [ { targets: ['127.0.0.1:${exporterPort}'] } ] }`,
        `  - { job_name: gpu-doctor-serve, static_configs: [ { targets: ['127.0.0.1:${servePort}'] } ] }`,
        '',
      ].join('\n'),
    )
    daemons.push(
      startDaemon(PROMETHEUS, [
        `--config.file=${config}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
        '--log.level=warn',
      ]),
    )
    await waitFor('Prometheus to scrape node_exporter and serve', 45_000, async () => ((await query('gpu_doctor_health_check_success')).length === 2 ? true : undefined)).catch((e: Error) => {
      throw new Error(`${e.message}\n${daemons.map((d) => d.log()).join('\n')}`)
    })
  }, 120_000)

  afterAll(async () => {
    await Promise.all(daemons.map((d) => d.stop()))
    for (const d of daemons) expect(d.child.exitCode !== null || d.child.signalCode !== null).toBe(true)
  })

  it('promtool accepts both files and the shipped alert rules', () => {
    const lint = (file: string) => execFileSync(PROMTOOL, ['check', 'metrics'], { input: readFileSync(join(textfiles, file)), encoding: 'utf8' })
    expect(lint('gpu_doctor_health.prom')).toBe('')
    expect(lint('gpu_doctor_diagnosis.prom')).toBe('')
    expect(execFileSync(PROMTOOL, ['check', 'rules', RULES], { encoding: 'utf8' })).toContain('SUCCESS: 6 rules found')
  })

  it('Prometheus has one series per finding, labelled with the GPU UUID', async () => {
    const findings = await query('gpu_doctor_health_finding{job="node"}')
    const ids = findings.map((v) => v.metric.id).sort()
    expect(ids).toEqual(['gpu-fallen-off-bus', 'pcie-link-degraded'])
    for (const f of findings) {
      expect(f.metric.gpu_uuid).toBe('GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60')
      expect(f.metric.job).toBe('node')
    }
    const lanes = await query('gpu_doctor_gpu_pcie_link_width_current_lanes{job="node"} / gpu_doctor_gpu_pcie_link_width_max_lanes{job="node"}')
    expect(lanes.map((v) => Number(v.value[1]))).toEqual([0.5])
  })

  it('the step verdicts of a real diagnosis are in Prometheus: step 1 fails on a machine without a GPU', async () => {
    const failing = await query('gpu_doctor_step_status{status="fail"} == 1')
    expect(failing.map((v) => v.metric.step)).toEqual(['gpu-visible'])
    const info = await query('gpu_doctor_diagnosis_environment_info')
    expect(info[0]?.metric.torch).toMatch(/^\d+\.\d+/)
  })

  it('Prometheus itself evaluates the shipped alerts: the Xid, the degraded link and the failing step fire, the check-failed alert does not', async () => {
    const firing = await waitFor('the alerts to fire', 20_000, async () => {
      const res = await fetch(`${api}/api/v1/alerts`, { signal: AbortSignal.timeout(5_000) })
      const body = (await res.json()) as { data: { alerts: { labels: Record<string, string>; state: string }[] } }
      const names = body.data.alerts.filter((a) => a.state === 'firing').map((a) => a.labels.alertname!)
      return names.includes('GpuXidEvent') && names.includes('GpuPcieLinkDegraded') && names.includes('GpuDiagnosisStepFailed') ? names : undefined
    })
    expect(new Set(firing)).toEqual(new Set(['GpuXidEvent', 'GpuPcieLinkDegraded', 'GpuHealthError', 'GpuDiagnosisStepFailed']))
  })

  it('serve --metrics is scraped too: the live health check of the machine, no token needed for /metrics and still needed for the API', async () => {
    const served = await query('gpu_doctor_health_finding{job="gpu-doctor-serve"}')
    expect(served.map((v) => [v.metric.id, v.metric.gpu_uuid])).toEqual([['gsp-firmware-timeout', 'GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60']])
    const target = (await query('up{job="gpu-doctor-serve"}'))[0]!.metric.instance!
    expect((await fetch(`http://${target}/api/invoke/gpu:status`, { method: 'POST' })).status).toBe(401)
    const exposed = await runBuiltCli(['serve', '--metrics', '--host', '0.0.0.0', '--port', '0'], {})
    expect(exposed.code).toBe(2)
    expect(exposed.stderr).toContain('--metrics serves /metrics without the token, so only on loopback')
  })
})
