import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { runCliHere } from '../helpers/cli-here'
import { BUSY_LOOP, IDLE, sleep, startNode, stopTree } from '../helpers/busy-processes'
import { buildFakeNvml } from '../helpers/fake-nvml'
import { FakeProc, type RecordedProcess } from '../helpers/fake-proc'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { dmonReadings, type RecordedSample, RecordedSource } from '../helpers/recorded-gpu'
import { TestClock } from '../helpers/test-clock'

// Two runs of the bundled CLI prove the wiring as users get it: the real clock, this machine's /proc
// with real processes, and each sampler (nvidia-smi dmon with pmon beside it, replayed by the fake
// nvidia-smi; NVML through a stand-in library). Every other case runs the CLI in this process on a
// recording: the job's processes in a /proc of their own and its GPU readings, replayed on a test
// clock that moves only while the watch waits, so a 3 s watch takes no real time.
const dir = mkdtempSync(join(tmpdir(), 'gd-watch-'))
function dmonText(rows: Array<[sm: number, mem: number, rx: number, tx: number]>): string {
  const lines = ['# gpu     sm    mem    enc    dec    jpg    ofa  rxpci  txpci', '# Idx      %      %      %      %      %      %   MB/s   MB/s']
  for (const [sm, mem, rx, tx] of rows) lines.push(`    0 ${[sm, mem, 0, 0, 0, 0, rx, tx].map((v) => String(v).padStart(6)).join(' ')}`)
  return `${lines.join('\n')}\n`
}
function dmonFile(name: string, text: string): string {
  const file = join(dir, `${name}.txt`)
  writeFileSync(file, text)
  return file
}
const HEALTHY = dmonText([[100, 46, 5, 3], [97, 44, 6, 2], [99, 47, 5, 3]])
const PARTLY_BUSY = dmonText([[38, 1, 20, 15], [42, 1, 22, 11], [39, 0, 19, 14]])
const IDLE_GPU = dmonText([[0, 0, 30, 10], [3, 1, 35, 12], [0, 0, 28, 9]])
const COPYING = dmonText([[18, 9, 11800, 300], [22, 10, 12100, 280], [20, 9, 11950, 310]])

const started: ChildProcess[] = []
afterAll(() => started.forEach(stopTree))
async function job(code: string): Promise<number> {
  const child = startNode(code)
  started.push(child)
  await sleep(400)
  return child.pid!
}

/** The bundled `gpu-doctor watch` against the fake GPU, with `pid` holding a context on GPU 0 (2300 MiB). */
function watchBuilt(args: string[], dmon: string, extra: Record<string, string>) {
  const env = fakeSmiEnv('h200-x1', { FAKE_SMI_DMON: dmonFile('built', dmon), FAKE_SMI_DMON_MS: '150', ...extra })
  return runBuiltCli(['watch', ...args], env, { timeoutMs: 20_000 })
}

const JOB = 4_194_001
const OTHER = 4_194_002
const python = (pid: number, threads: RecordedProcess['threads'], ppid = 1): RecordedProcess => ({ pid, ppid, comm: 'python', cmdline: ['python', 'train.py'], threads })

/**
 * `gpu-doctor watch` in this process on a recording: `processes` in their own /proc, `readings` for
 * GPU 0 every 150 ms (dmon's rows as the fake nvidia-smi replays them), a sysfs without PCIe links.
 */
function watchRecorded(args: string[], processes: RecordedProcess[], readings: RecordedSample[], appPids = `${JOB}:0:2300:40`) {
  const clock = new TestClock({ sleepAdvances: true })
  const proc = new FakeProc(processes).follow(clock)
  const source = new RecordedSource(clock, (gpu) => (gpu === 0 ? readings : []), 150, 'nvidia-smi dmon')
  const env = fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: appPids })
  return runCliHere(['watch', ...args], env, { clock, watchSampling: { source, proc: proc.dir, sys: mkdtempSync(join(tmpdir(), 'gd-sys-')) } })
}

describe('gpu-doctor watch, the bundled CLI on the real clock', { timeout: 45_000 }, () => {
  it.concurrent('another process on the GPU, seen through nvidia-smi pmon beside dmon: the job\'s own 30 % of a busy GPU is sharing, naming the other process (exit 1)', async () => {
    const pid = await job(BUSY_LOOP)
    const other = await job(IDLE)
    const before = performance.now()
    const r = await watchBuilt(['--pid', String(pid), '--seconds', '3', '--json'], HEALTHY, { FAKE_SMI_APP_PIDS: `${pid}:0:2300:30,${other}:0:6100:68` })
    expect(performance.now() - before).toBeGreaterThanOrEqual(3000)
    expect(r.code, r.stderr).toBe(1)
    const json = JSON.parse(r.stdout)
    expect(json).toMatchObject({ sampler: 'nvidia-smi dmon', verdict: 'gpu-shared', jobSmMean: 30, othersSmMean: 68 })
    // Why not NVML, said with the sampler: here the nvidia-smi was named explicitly (the fake one).
    expect(json.samplerFallback?.key).toBe('sampler.fallback.explicitSmi')
    expect(json.smMean).toBeCloseTo(98.7, 0)
    expect(json.seconds).toBeGreaterThanOrEqual(2.9)
    expect(json.gpus).toEqual([expect.objectContaining({ index: 0, jobMemoryMiB: 2300, idleShare: 0 })])
    expect(json.otherProcesses).toEqual([{ gpuIndex: 0, pid: other, name: expect.stringContaining('node'), usedMemoryMiB: 6100, smMean: 68 }])
    // The spinning main thread, read from this machine's /proc.
    expect(json.cpu.busiestThread).toMatchObject({ name: 'node', runnablePercent: expect.any(Number) })
    expect(json.cpu.busiestThread.runnablePercent).toBeGreaterThan(80)
  })

  it.concurrent('reads the GPU through NVML where it loads (the stand-in library: SM 42 %, PCIe 2 MB/s in, 1 MB/s out)', async () => {
    const pid = await job(BUSY_LOOP)
    const r = await watchBuilt(['--pid', String(pid), '--seconds', '3', '--json'], HEALTHY, { FAKE_SMI_APP_PIDS: `${pid}:0:2300:40`, GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml(), GPU_DOCTOR_SAMPLER: 'nvml' })
    expect(r.code, r.stderr).toBe(1)
    const json = JSON.parse(r.stdout)
    expect(json.sampler).toBe('NVML')
    expect(json.smMean).toBe(42)
    expect(json.gpus[0]).toMatchObject({ index: 0, jobMemoryMiB: 2300, pcieRxMBps: 2, pcieTxMBps: 1 })
    expect(json.gpus[0].samples).toBeGreaterThanOrEqual(2)
    // The link it runs on and GPM (the stand-in: Gen 5 ×16; SM active 12.5 %, occupancy 8 %, tensor 0.5 %, DRAM 3 %).
    expect(json.gpus[0]).toMatchObject({ pcieLink: { generation: 5, width: 16 }, pcieCapacityMBps: 63016, pcieLinkShare: 0 })
    expect(json.gpm).toEqual({ smActive: 12.5, smOccupancy: 8, tensorActive: 0.5, dramBandwidth: 3, fp32Active: 1.5 })
    expect(typeof json.decidedBy).toBe('string')
    // What NVML gives on any GPU, GPM or not (the stand-in: SM clock 1980 MHz, 123.5 W of 700 W), and the model the factors are looked up by.
    expect(json.gpus[0]).toMatchObject({ smClockMHzMean: 1980, powerWMean: 123.5, powerLimitW: 700, name: 'NVIDIA H200' })
  })
})

describe('gpu-doctor watch on recorded jobs', () => {
  it('a busy GPU is healthy (exit 0) even while the main thread spins, with the evidence in JSON', async () => {
    const r = await watchRecorded(['--pid', String(JOB), '--seconds', '3', '--json'], [python(JOB, [{ tid: JOB, cpu: 100 }])], dmonReadings(HEALTHY))
    expect(r.code, r.stderr).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.verdict).toBe('healthy')
    expect(json.smMean).toBeCloseTo(98.7, 0)
    expect(json.seconds).toBe(3)
    expect(json.gpus).toEqual([expect.objectContaining({ index: 0, jobMemoryMiB: 2300, idleShare: 0, samples: 20 })])
    expect(json.cpu.busiestThread).toMatchObject({ tid: JOB, name: 'python', cpuPercent: 100, runnablePercent: 100 })
    // dmon gives no GPM: how the busy GPU is used is said to be out of reach, as information (exit stays 0).
    expect(json.findings.map((f: { id: string; severity: string }) => [f.id, f.severity])).toEqual([['watch-no-gpm', 'info']])
    expect(json.findings[0].message).toContain('through nvidia-smi dmon')
    expect(json.sampler).toBe('nvidia-smi dmon')
  })

  it('the text of NVML\'s readings: GPM, the PCIe link and what decided', async () => {
    const nvml: RecordedSample = { sm: 42, memBandwidth: 3, pcieRxMBps: 2, pcieTxMBps: 1, link: { generation: 5, width: 16 }, gpm: { smActive: 12.5, smOccupancy: 8, tensorActive: 0.5, dramBandwidth: 3 } }
    const text = await watchRecorded(['--pid', String(JOB), '--seconds', '3'], [python(JOB, [{ tid: JOB, cpu: 100 }])], [nvml])
    expect(text.code, text.stderr).toBe(1)
    expect(text.stdout).toMatch(/GPM \(SM active, occupancy, tensor, DRAM bandwidth\)\s+13 %, 8 %, 1 %, 3 %/)
    expect(text.stdout).toMatch(/PCIe link \(rx \+ tx against one direction\)\s+Gen 5 ×16, 63016 MB\/s each way; 0 % used/)
    expect(text.stdout).toMatch(/Decided by\s+\S/)
  })

  it('FP32 matmuls on the (fake) H200 with tensor cores idle: the headline names the lever, the finding this GPU\'s factor, in English and Chinese (exit 0: the GPU does the work)', async () => {
    const fp32: RecordedSample = { sm: 100, memBandwidth: 20, pcieRxMBps: 1, pcieTxMBps: 1, gpm: { smActive: 97, smOccupancy: 12, tensorActive: 0, dramBandwidth: 12 } }
    const r = await watchRecorded(['--pid', String(JOB), '--seconds', '3'], [python(JOB, [{ tid: JOB, cpu: 100 }])], [fp32])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('GPU-bound, but without tensor cores')
    expect(r.stdout).toContain('TF32 up to 7×, bf16 up to 15×')
    expect(r.stdout).toMatch(/Decided by\s+GPM tensor-core activity on busy SMs/)
    const zh = await watchRecorded(['--pid', String(JOB), '--seconds', '3', '--lang', 'zh-CN'], [python(JOB, [{ tid: JOB, cpu: 100 }])], [fp32])
    expect(zh.stdout).toContain('TF32 最多可快 7 倍，用 bf16 最多可快 15 倍')
  })

  it('one thread at a full core with the GPU partly busy and no workers: the GPU waits on the Python side (launch-bound), exit 1, in English and Chinese', async () => {
    const spinning = [python(JOB, [{ tid: JOB, cpu: 100 }, { tid: JOB + 1, comm: 'cuda-EvtHandlr', cpu: 0 }])]
    const r = await watchRecorded(['--pid', String(JOB), '--seconds', '3'], spinning, dmonReadings(PARTLY_BUSY))
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('The GPU waits on the Python side')
    expect(r.stdout).toMatch(new RegExp(`Busiest thread\\s+python \\(tid ${JOB}\\) 100 %, runnable 100 %`))
    expect(r.stdout).toMatch(/Worker processes\s+none/)
    expect(r.stdout).toContain('(launch-bound-small-kernels)')
    expect(r.stdout).toContain('torch.compile')
    const zh = await watchRecorded(['--pid', String(JOB), '--seconds', '3', '--lang', 'zh-CN'], spinning, dmonReadings(PARTLY_BUSY))
    expect(zh.code).toBe(1)
    expect(zh.stdout).toContain('GPU 在等 Python 端')
    expect(zh.stdout).toContain('怎么做：')
  })

  it('another process\'s share of the GPU, in Chinese: sharing, naming the other process with its share', async () => {
    const shared = dmonReadings(HEALTHY).map((s) => ({ ...s, processes: [{ pid: JOB, sm: 30 }, { pid: OTHER, sm: 68 }] }))
    const zh = await watchRecorded(['--pid', String(JOB), '--seconds', '3', '--lang', 'zh-CN'], [python(JOB, [{ tid: JOB, cpu: 100 }]), python(OTHER, [{ tid: OTHER, cpu: 1 }])], shared, `${JOB}:0:2300:30,${OTHER}:0:6100:68`)
    expect(zh.code).toBe(1)
    expect(zh.stdout).toContain('GPU 被共享')
    expect(zh.stdout).toContain(`(pid ${OTHER}) 68 %`)
  })

  it('an idle GPU while a worker process is busy: input-bound with the input-pipeline fix', async () => {
    const workers = [python(JOB, [{ tid: JOB, cpu: 1 }]), python(JOB + 1, [{ tid: JOB + 1, cpu: 100 }], JOB), python(JOB + 2, [{ tid: JOB + 2, cpu: 1 }], JOB)]
    const r = await watchRecorded(['--pid', String(JOB), '--seconds', '3', '--json'], workers, dmonReadings(IDLE_GPU))
    expect(r.code).toBe(1)
    const json = JSON.parse(r.stdout)
    expect(json.verdict).toBe('input-bound')
    expect(json.headline.key).toBe('verdict.inputBoundWorkers')
    expect(json.cpu.workers).toBe(2)
    expect(json.cpu.busiestWorkerPercent).toBe(100)
    expect(json.idleShare).toBe(1)
    expect(json.findings[0].id).toBe('input-pipeline-bottleneck')
  })

  it('12 GB/s over PCIe with SM at 20 %: transfer-bound, pinned memory and non_blocking in the fix', async () => {
    const r = await watchRecorded(['--pid', String(JOB), '--seconds', '3'], [python(JOB, [{ tid: JOB, cpu: 1 }])], dmonReadings(COPYING))
    expect(r.code).toBe(1)
    // No link in this sysfs: judged against the fixed rate.
    expect(r.stdout).toMatch(/Transfer-bound: 12\d{3} MB\/s cross PCIe/)
    expect(r.stdout).toContain('pin_memory=True')
    expect(r.stdout).toContain('non_blocking=True')
  })

  it('a PID that does not exist, or that holds no GPU context, is a usage error (exit 2) that says which', async () => {
    const gone = await watchRecorded(['--pid', '4190000', '--seconds', '3'], [], [])
    expect(gone.code).toBe(2)
    expect(gone.stderr).toContain('There is no process with PID 4190000')
    const notOnGpu = await watchRecorded(['--pid', String(JOB), '--seconds', '3'], [python(JOB, [{ tid: JOB, cpu: 1 }]), python(OTHER, [{ tid: OTHER, cpu: 1 }])], [], `${OTHER}:0:2300:40`)
    expect(notOnGpu.code).toBe(2)
    expect(notOnGpu.stderr).toMatch(new RegExp(`PID ${JOB} \\(python train\\.py\\) and its child processes hold no GPU context: none of the compute processes nvidia-smi lists \\(count: 1\\) is this job`))
  })

  it('neither or both of --pid and --container, or --seconds out of range: exit 2 with the usage', async () => {
    const env = fakeSmiEnv('h200-x1')
    expect((await runCliHere(['watch'], env)).stderr).toContain('usage: gpu-doctor watch --pid PID | --container NAME')
    expect((await runCliHere(['watch', '--pid', '1', '--container', 'x'], env)).code).toBe(2)
    const bad = await runCliHere(['watch', '--pid', '1', '--seconds', '1'], env)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--seconds needs a whole number from 3 to 3600')
  })

  it('no nvidia-smi, or no Docker engine for --container: an environment error (exit 3) that says so', async () => {
    const noSmi = await runCliHere(['watch', '--pid', String(process.pid), '--nvidia-smi', join(dir, 'no-such-smi')], { ...process.env, PATH: '/nonexistent' })
    expect(noSmi.code).toBe(3)
    const noEngine = await runCliHere(['watch', '--container', 'trainer'], fakeSmiEnv('h200-x1', { DOCKER_HOST: `unix://${join(dir, 'no-docker.sock')}` }))
    expect(noEngine.code).toBe(3)
    expect(noEngine.stderr).toContain('Cannot reach the Docker engine to find container trainer')
  })
})
