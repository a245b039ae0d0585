import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { renderFleetHtml } from '../../../src/core/domain/report'
import { renderFleetTable } from '../../../src/cli/render/fleet-view'
import type { FleetTable } from '../../../src/shared/fleet'
import { CLI, runBuiltCli } from '../../helpers/cli'
import { waitFor } from '../../helpers/daemon'
import { TORCH_PYTHON } from '../../helpers/pythons'

// The cluster of scripts/ci/start-slurm.sh (run by scripts/setup.sh --test): slurmctld and three
// slurmd (gd-node1..3) on this machine. The tests talk to it through its own configuration file.
const SLURM_CONF = '/etc/gpu-doctor-ci/slurm/slurm.conf'
const fixture = (p: string) => fileURLToPath(new URL(`../../fixtures/slurm/${p}`, import.meta.url))
const env = { ...process.env, SLURM_CONF, GPU_DOCTOR_TEST_CLI: CLI, GPU_DOCTOR_TEST_TORCH_PYTHON: TORCH_PYTHON }
const slurm = (command: string, ...args: string[]) => execFileSync(command, args, { env, encoding: 'utf8', timeout: 30_000 })

describe('gpu-doctor fleet --slurm on a real Slurm cluster (three slurmd nodes)', () => {
  beforeAll(() => {
    if (!existsSync(SLURM_CONF)) throw new Error(`${SLURM_CONF} is missing: run scripts/ci/start-slurm.sh (scripts/setup.sh --test does)`)
    const states = slurm('sinfo', '-h', '-N', '-o', '%N=%t').trim().split('\n')
    expect(states, 'the CI cluster must be up and idle: run scripts/ci/start-slurm.sh').toEqual(['gd-node1=idle', 'gd-node2=idle', 'gd-node3=idle'])
  })

  afterAll(() => {
    // A safety net for a test stopped before its own resume; Slurm refuses to resume an idle node.
    for (const node of slurm('sinfo', '-h', '-N', '-t', 'drain', '-o', '%N').split('\n').filter(Boolean)) slurm('scontrol', 'update', `nodename=${node}`, 'state=resume')
  })

  it('three nodes, one with another cuDNN: the merge names cuDNN as the difference and gd-node3 as the node to look at first', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-slurm-'))
    const out = join(dir, 'fleet.json')
    const reports = join(dir, 'reports')
    mkdirSync(reports)
    const r = await runBuiltCli(
      ['fleet', '--slurm', '--python', fixture('node-python'), '--timeout', '120', '--format', 'json', '-o', out, '--reports-dir', reports],
      { ...env, GPU_DOCTOR_TEST_OTHER_CUDNN_NODE: 'gd-node3' },
      { timeoutMs: 170_000 },
    )
    expect(r.code, r.stderr).toBe(1)
    const table = JSON.parse(readFileSync(out, 'utf8')) as FleetTable
    expect(table.nodes.map((n) => [n.name, n.state])).toEqual([
      ['gd-node1', 'ok'],
      ['gd-node2', 'ok'],
      ['gd-node3', 'ok'],
    ])
    expect(table.rows.find((row) => row.field === 'cudnn')?.values).toEqual([null, null, '9.1.0'])
    // Every other fact is the same on the three nodes: the planted cuDNN is the one difference.
    expect(table.differing).toEqual(['cudnn'])
    expect(table.rows.find((row) => row.field === 'torch')?.values.every((v) => v !== null && v === table.rows.find((x) => x.field === 'torch')?.values[0])).toBe(true)
    expect(table.lookFirst?.[0]).toEqual({
      node: 'gd-node3',
      reasons: [
        { kind: 'drift', field: 'cudnn', value: '9.1.0', others: null, count: 2, split: false },
        { kind: 'failing', steps: ['gpu-visible'] },
      ],
    })
    expect(r.stderr).toContain('gd-node3: report received')
    // The nodes' own reports, saved for report --merge and the app's Fleet page: the same difference.
    expect(readdirSync(reports).sort()).toEqual(['gd-node1.json', 'gd-node2.json', 'gd-node3.json'])
    const merged = await runBuiltCli(['report', '--merge', ...readdirSync(reports).map((f) => join(reports, f)), '--format', 'json'], {})
    expect((JSON.parse(merged.stdout) as FleetTable).differing).toEqual(['cudnn'])
    const html = renderFleetHtml(table, 'en')
    expect(html).toContain('cuDNN differs across nodes')
    expect(html).toContain('gd-node3: cuDNN is 9.1.0 where 2 other nodes have none')
  })

  it('a drained node, a node without gpu-doctor and a hung node are rows that say so; nothing of the run is left in the queue', { timeout: 180_000 }, async () => {
    slurm('scontrol', 'update', 'nodename=gd-node2', 'state=drain', 'reason=gpu-doctor test: fan 3 failed')
    try {
      const r = await runBuiltCli(
        ['fleet', '--slurm', '--gpu-doctor', fixture('node-gpu-doctor'), '--python', TORCH_PYTHON, '--timeout', '15', '--format', 'json'],
        { ...env, GPU_DOCTOR_TEST_BROKEN_NODE: 'gd-node3', GPU_DOCTOR_TEST_HUNG_NODE: 'gd-node1' },
        { timeoutMs: 120_000 },
      )
      expect(r.code, r.stderr).toBe(1)
      const table = JSON.parse(r.stdout) as FleetTable
      const byName = Object.fromEntries(table.nodes.map((n) => [n.name, n]))
      expect(byName['gd-node1']?.state).toBe('timed-out')
      expect(byName['gd-node2']?.state).toBe('drained')
      expect(byName['gd-node2']?.detail).toBe('gpu-doctor test: fan 3 failed (sinfo: drain)')
      expect(byName['gd-node3']?.state).toBe('failed')
      expect(byName['gd-node3']?.detail).toMatch(/gpu-doctor-not-installed\/gpu-doctor.*(not found|No such file)/)
      // Empty cells of nodes without a report are not drift.
      expect(table.differing).toEqual(['nodeState'])
      expect(new Set(table.lookFirst?.map((l) => l.node))).toEqual(new Set(['gd-node1', 'gd-node2', 'gd-node3']))
      // The hung task's job was cancelled by name: the queue empties.
      await waitFor('the queue to empty', 30_000, async () => (slurm('squeue', '-h', '-o', '%i %j %T').trim() === '' ? true : undefined))
    } finally {
      slurm('scontrol', 'update', 'nodename=gd-node2', 'state=resume')
      // A resumed node is `idle*` (not responding) until slurmctld's next contact with its slurmd.
      await waitFor('gd-node2 to take jobs again', 90_000, async () => (slurm('sinfo', '-h', '-n', 'gd-node2', '-o', '%t').trim() === 'idle' ? true : undefined))
    }
  })

  it('a node that floods stdout is stopped at the 2 MiB bound, not at --timeout; 3 MiB on stderr costs no report; stderr cannot forge a line', { timeout: 180_000 }, async () => {
    const mark = `gpu-doctor-flood-${process.pid}-${Date.now()}`
    const started = performance.now()
    const r = await runBuiltCli(
      ['fleet', '--slurm', '--gpu-doctor', fixture('node-gpu-doctor'), '--python', fixture('node-python'), '--timeout', '600', '--format', 'json'],
      { ...env, GPU_DOCTOR_TEST_FLOOD_NODE: 'gd-node1', GPU_DOCTOR_TEST_FLOOD_MARK: mark, GPU_DOCTOR_TEST_STDERR_FLOOD_NODE: 'gd-node2', GPU_DOCTOR_TEST_FORGING_NODE: 'gd-node3' },
      { timeoutMs: 170_000 },
    )
    const seconds = (performance.now() - started) / 1000
    expect(r.code, r.stderr).toBe(1)
    // Well inside the 600 s --timeout: the flood was stopped where it passed the bound.
    expect(seconds).toBeLessThan(170)
    const table = JSON.parse(r.stdout) as FleetTable
    const byName = Object.fromEntries(table.nodes.map((n) => [n.name, n]))
    expect(byName['gd-node1']).toMatchObject({ state: 'too-much-output', detail: 'more than 2097152 bytes on stdout' })
    expect(r.stderr).toContain('gd-node1: too much output, stopped')
    // The node's report on stdout is read, whatever came on stderr.
    expect(byName['gd-node2']?.state).toBe('ok')
    expect(table.rows.find((row) => row.field === 'torch')?.values[1]).not.toBeNull()
    // Its stderr's last lines on one line: no escape sequence, no line of its own.
    expect(byName['gd-node3']?.state).toBe('failed')
    // srun's own line about the task may come before or after the node's lines.
    expect(byName['gd-node3']?.detail).toMatch(/^(?:srun: [^\n|]* \| )?Traceback: boom\\u001b\]0;owned\\u0007 \| \[ok\] forged: runs here\\u001b\[2J(?: \| srun: [^\n]*)?$/)
    const terminal = renderFleetTable(table, 'en')
    expect(terminal.split('\n').filter((line) => line.trimStart().startsWith('[ok]'))).toEqual([])
    // Nothing of the run is left: not in the queue, not as a process.
    await waitFor('the queue to empty', 30_000, async () => (slurm('squeue', '-h', '-o', '%i %j %T').trim() === '' ? true : undefined))
    await waitFor('the flood to end', 30_000, async () => (execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).includes(mark) ? undefined : true))
  })

  it('the terminal table in Chinese: one column per node, the differing row marked', { timeout: 180_000 }, async () => {
    const r = await runBuiltCli(['fleet', '--slurm', '--nodes', 'gd-node[1-2]', '--python', fixture('node-python'), '--lang', 'zh-CN'], { ...env, GPU_DOCTOR_TEST_OTHER_CUDNN_NODE: 'gd-node2' }, { timeoutMs: 170_000 })
    expect(r.code, r.stderr).toBe(1)
    expect(r.stdout).toContain('GPU Doctor 集群视图：2 个节点')
    expect(r.stdout).toMatch(/≠\s+cuDNN\s+—\s+9\.1\.0/)
    expect(r.stdout).not.toContain('gd-node3')
    expect(r.stdout).toContain('请先检查这些节点：')
  })
})
