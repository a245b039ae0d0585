import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { BUSY_LOOP, IDLE, parentOf, sleep, startNode, stopTree } from '../helpers/busy-processes'
import { buildFakeNvml } from '../helpers/fake-nvml'
import { fakeSmiEnv } from '../helpers/fake-smi'

// The GPU side comes from the fake nvidia-smi replaying a dmon stream (-s ut layout); the CPU side
// is real: real processes, read from this machine's /proc while the CLI watches them.
const dir = mkdtempSync(join(tmpdir(), 'gd-watch-'))
function dmon(name: string, rows: Array<[sm: number, mem: number, rx: number, tx: number]>): string {
  const file = join(dir, `${name}.txt`)
  const lines = ['# gpu     sm    mem    enc    dec    jpg    ofa  rxpci  txpci', '# Idx      %      %      %      %      %      %   MB/s   MB/s']
  for (const [sm, mem, rx, tx] of rows) lines.push(`    0 ${[sm, mem, 0, 0, 0, 0, rx, tx].map((v) => String(v).padStart(6)).join(' ')}`)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}
const HEALTHY = dmon('healthy', [[100, 46, 5, 3], [97, 44, 6, 2], [99, 47, 5, 3]])
const PARTLY_BUSY = dmon('partly', [[38, 1, 20, 15], [42, 1, 22, 11], [39, 0, 19, 14]])
const IDLE_GPU = dmon('idle', [[0, 0, 30, 10], [3, 1, 35, 12], [0, 0, 28, 9]])
const COPYING = dmon('copying', [[18, 9, 11800, 300], [22, 10, 12100, 280], [20, 9, 11950, 310]])

const started: ChildProcess[] = []
afterAll(() => started.forEach(stopTree))
async function job(code: string): Promise<number> {
  const child = startNode(code)
  started.push(child)
  await sleep(400)
  return child.pid!
}

/** `gpu-doctor watch` against the fake GPU, with `pid` holding a context on GPU 0 (2300 MiB). */
function watch(args: string[], dmonFile: string, appPids: number[], extra: Record<string, string> = {}) {
  const env = fakeSmiEnv('h200-x1', { FAKE_SMI_DMON: dmonFile, FAKE_SMI_DMON_MS: '150', FAKE_SMI_APP_PIDS: appPids.map((p) => `${p}:0:2300:40`).join(','), ...extra })
  return runBuiltCli(['watch', ...args], env, { timeoutMs: 20_000 })
}

describe('gpu-doctor watch', { timeout: 45_000 }, () => {
  it('a busy GPU is healthy (exit 0) even while the main thread spins, with the evidence in JSON', async () => {
    const pid = await job(BUSY_LOOP)
    const r = await watch(['--pid', String(pid), '--seconds', '3', '--json'], HEALTHY, [pid])
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.verdict).toBe('healthy')
    expect(json.smMean).toBeCloseTo(98.7, 0)
    expect(json.gpus).toEqual([expect.objectContaining({ index: 0, jobMemoryMiB: 2300, idleShare: 0 })])
    expect(json.findings).toEqual([])
    expect(json.sampler).toBe('nvidia-smi dmon')
  })

  it('reads the GPU through NVML where it loads (the stand-in library: SM 42 %, PCIe 2 MB/s in, 1 MB/s out)', async () => {
    const pid = await job(BUSY_LOOP)
    const r = await watch(['--pid', String(pid), '--seconds', '3', '--json'], HEALTHY, [pid], { GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml(), GPU_DOCTOR_SAMPLER: 'nvml' })
    expect(r.code, r.stderr).toBe(1)
    const json = JSON.parse(r.stdout)
    expect(json.sampler).toBe('NVML')
    expect(json.smMean).toBe(42)
    expect(json.gpus[0]).toMatchObject({ index: 0, jobMemoryMiB: 2300, pcieRxMBps: 2, pcieTxMBps: 1 })
    expect(json.gpus[0].samples).toBeGreaterThanOrEqual(2)
    // The link it runs on and GPM (the stand-in: Gen 5 ×16; SM active 12.5 %, occupancy 8 %, tensor 0.5 %, DRAM 3 %).
    expect(json.gpus[0]).toMatchObject({ pcieLink: { generation: 5, width: 16 }, pcieCapacityMBps: 63016, pcieLinkShare: 0 })
    expect(json.gpm).toEqual({ smActive: 12.5, smOccupancy: 8, tensorActive: 0.5, dramBandwidth: 3 })
    expect(typeof json.decidedBy).toBe('string')
    const text = await watch(['--pid', String(pid), '--seconds', '3'], HEALTHY, [pid], { GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml(), GPU_DOCTOR_SAMPLER: 'nvml' })
    expect(text.stdout).toMatch(/GPM \(SM active, occupancy, tensor, DRAM bandwidth\)\s+13 %, 8 %, 1 %, 3 %/)
    expect(text.stdout).toMatch(/PCIe link \(rx \+ tx against one direction\)\s+Gen 5 ×16, 63016 MB\/s each way; 0 % used/)
    expect(text.stdout).toMatch(/Decided by\s+\S/)
  })

  it('one thread at a full core with the GPU partly busy and no workers: the GPU waits on the Python side (launch-bound), exit 1, in English and Chinese', async () => {
    const pid = await job(BUSY_LOOP)
    const r = await watch(['--pid', String(pid), '--seconds', '3'], PARTLY_BUSY, [pid])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('The GPU waits on the Python side')
    expect(r.stdout).toMatch(/Busiest thread\s+node \(tid \d+\) \d+ %, runnable ([89]\d|100) %/)
    expect(r.stdout).toMatch(/Worker processes\s+none/)
    expect(r.stdout).toContain('(launch-bound-small-kernels)')
    expect(r.stdout).toContain('torch.compile')
    const zh = await watch(['--pid', String(pid), '--seconds', '3', '--lang', 'zh-CN'], PARTLY_BUSY, [pid])
    expect(zh.code).toBe(1)
    expect(zh.stdout).toContain('GPU 在等 Python 端')
    expect(zh.stdout).toContain('怎么做：')
  })

  it('another process on the GPU, seen through nvidia-smi pmon beside dmon: the job\'s own 30 % of a busy GPU is sharing, naming the other process (exit 1)', async () => {
    const pid = await job(BUSY_LOOP)
    const other = await job(IDLE)
    const r = await watch(['--pid', String(pid), '--seconds', '3', '--json'], HEALTHY, [], { FAKE_SMI_APP_PIDS: `${pid}:0:2300:30,${other}:0:6100:68` })
    expect(r.code, r.stderr).toBe(1)
    const json = JSON.parse(r.stdout)
    expect(json).toMatchObject({ sampler: 'nvidia-smi dmon', verdict: 'gpu-shared', jobSmMean: 30, othersSmMean: 68 })
    expect(json.otherProcesses).toEqual([{ gpuIndex: 0, pid: other, name: expect.stringContaining('node'), usedMemoryMiB: 6100, smMean: 68 }])
    const zh = await watch(['--pid', String(pid), '--seconds', '3', '--lang', 'zh-CN'], HEALTHY, [], { FAKE_SMI_APP_PIDS: `${pid}:0:2300:30,${other}:0:6100:68` })
    expect(zh.stdout).toContain('GPU 被共享')
    expect(zh.stdout).toContain(`(pid ${other}) 68 %`)
  })

  it('an idle GPU while a worker process is busy: input-bound with the input-pipeline fix', async () => {
    const pid = await job(parentOf([BUSY_LOOP, IDLE]))
    await sleep(400)
    const r = await watch(['--pid', String(pid), '--seconds', '3', '--json'], IDLE_GPU, [pid])
    expect(r.code).toBe(1)
    const json = JSON.parse(r.stdout)
    expect(json.verdict).toBe('input-bound')
    expect(json.headline.key).toBe('verdict.inputBoundWorkers')
    expect(json.cpu.workers).toBe(2)
    expect(json.cpu.busiestWorkerPercent).toBeGreaterThan(85)
    expect(json.idleShare).toBe(1)
    expect(json.findings[0].id).toBe('input-pipeline-bottleneck')
  })

  it('12 GB/s over PCIe with SM at 20 %: transfer-bound, pinned memory and non_blocking in the fix', async () => {
    const pid = await job(IDLE)
    const r = await watch(['--pid', String(pid), '--seconds', '3'], COPYING, [pid])
    expect(r.code).toBe(1)
    // Judged against the fixed rate, or against the link where this host's sysfs has one at the capture's bus address.
    expect(r.stdout).toMatch(/Transfer-bound: (?:12\d{3} MB\/s cross PCIe|PCIe carries 12\d{3} MB\/s)/)
    expect(r.stdout).toContain('pin_memory=True')
    expect(r.stdout).toContain('non_blocking=True')
  })

  it('a PID that does not exist, or that holds no GPU context, is a usage error (exit 2) that says which', async () => {
    const gone = await watch(['--pid', '4190000', '--seconds', '3'], HEALTHY, [])
    expect(gone.code).toBe(2)
    expect(gone.stderr).toContain('There is no process with PID 4190000')
    const pid = await job(IDLE)
    const other = await job(IDLE)
    const notOnGpu = await watch(['--pid', String(pid), '--seconds', '3'], HEALTHY, [other])
    expect(notOnGpu.code).toBe(2)
    expect(notOnGpu.stderr).toMatch(new RegExp(`PID ${pid} \\(.*node.*\\) and its child processes hold no GPU context: none of the compute processes nvidia-smi lists \\(count: 1\\) is this job`))
  })

  it('neither or both of --pid and --container, or --seconds out of range: exit 2 with the usage', async () => {
    expect((await watch([], HEALTHY, [])).stderr).toContain('usage: gpu-doctor watch --pid PID | --container NAME')
    expect((await watch(['--pid', '1', '--container', 'x'], HEALTHY, [])).code).toBe(2)
    const bad = await watch(['--pid', '1', '--seconds', '1'], HEALTHY, [])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--seconds needs a whole number from 3 to 3600')
  })

  it('no nvidia-smi, or no Docker engine for --container: an environment error (exit 3) that says so', async () => {
    const pid = await job(IDLE)
    const noSmi = await runBuiltCli(['watch', '--pid', String(pid), '--nvidia-smi', join(dir, 'no-such-smi')], { ...process.env, PATH: '/nonexistent' })
    expect(noSmi.code).toBe(3)
    const noEngine = await watch(['--container', 'trainer'], HEALTHY, [], { DOCKER_HOST: `unix://${join(dir, 'no-docker.sock')}` })
    expect(noEngine.code).toBe(3)
    expect(noEngine.stderr).toContain('Cannot reach the Docker engine to find container trainer')
  })
})
