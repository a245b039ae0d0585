import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { listGpuProcesses, parsePmonSm } from '../../../../src/core/domain/watch/process-table'
import { watchJob } from '../../../../src/core/domain/watch/watch'
import { createCoreService } from '../../../../src/core/app/service/core-service'
import { INVOKE_CHANNELS } from '../../../../src/shared/channels'
import { realClock } from '../../../../src/core/platform/util/clock'
import { IDLE, sleep, startNode, stopTree } from '../../../helpers/busy-processes'
import { FakeProc, type RecordedProcess } from '../../../helpers/fake-proc'
import { fakeSmiEnv } from '../../../helpers/fake-smi'
import { RecordedSource, type RecordedSample, steady } from '../../../helpers/recorded-gpu'
import { TestClock } from '../../../helpers/test-clock'

const started: ChildProcess[] = []
afterEach(() => started.splice(0).forEach(stopTree))
async function job(code: string): Promise<number> {
  const c = startNode(code)
  started.push(c)
  await sleep(300)
  return c.pid!
}

// The watched jobs below are recordings: their processes in a /proc of their own, their GPU readings
// replayed on a test clock that moves only while the watch waits, so a 3 s watch takes no real time.
const JOB = 4_194_001
const OTHER = 4_194_002
const python = (pid: number, cpu: number, runnable = cpu): RecordedProcess => ({ pid, comm: 'python', cmdline: ['python', 'train.py'], threads: [{ tid: pid, cpu, runnable }] })
const reading = (sm: number, extra: Partial<RecordedSample> = {}): RecordedSample => ({ sm, memBandwidth: 5, pcieRxMBps: 1, pcieTxMBps: 1, ...extra })

/** A test clock, the job's processes following it, and a sysfs without any PCIe link. */
function recorded(processes: RecordedProcess[]) {
  const clock = new TestClock({ sleepAdvances: true })
  const proc = new FakeProc(processes).follow(clock)
  return { clock, proc, options: { clock, proc: proc.dir, sys: mkdtempSync(join(tmpdir(), 'gd-sys-')) } }
}

describe('watchJob', () => {
  it('takes its GPU readings from any GpuSampleSource, for the GPUs the job holds, and stops it', async () => {
    const { clock, options } = recorded([python(JOB, 1)])
    const source = new RecordedSource(clock, steady(reading(85)))
    const progress: number[] = []
    const r = await watchJob({ pid: JOB, seconds: 3, source, ...options, env: fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${JOB}:1:900:80` }), onProgress: (s) => progress.push(s) })
    expect(source.gpus).toEqual([1])
    expect(source.stopped).toBe(true)
    expect(r).toMatchObject({ sampler: 'recorded', verdict: 'healthy', smMean: 85, seconds: 3, command: 'python train.py', gpus: [{ index: 1, jobMemoryMiB: 900, samples: 30 }] })
    expect(progress).toEqual([1, 2, 3])
  })

  it('a sampler slow to start (nvidia-smi on a busy machine): the window starts at its first sample, so the job is still watched for the seconds asked', async () => {
    const { clock, options } = recorded([python(JOB, 1)])
    const inner = new RecordedSource(clock, steady(reading(85)))
    // Its first sample comes 4 s after it was started, after the whole 3 s window.
    const source = { name: 'recorded', start: (gpus: number[], onSample: Parameters<RecordedSource['start']>[1]) => void clock.sleep(4_000).then(() => inner.start(gpus, onSample)), stop: () => inner.stop() }
    const r = await watchJob({ pid: JOB, seconds: 3, source, ...options, env: fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${JOB}:1:900:80` }) })
    expect(r).toMatchObject({ verdict: 'healthy', smMean: 85 })
    expect(r.gpus[0]!.samples).toBeGreaterThanOrEqual(29)
    expect(inner.stopped).toBe(true)
  })

  it('a sampler that never samples: "no sample" once it had 15 s to start, not a verdict', async () => {
    const { clock, options } = recorded([python(JOB, 1)])
    const source = new RecordedSource(clock, () => [])
    const at = clock.now()
    await expect(watchJob({ pid: JOB, seconds: 3, source, ...options, env: fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${JOB}:1:900:80` }) })).rejects.toThrow(/gave no sample for GPU 1 in 15 s/)
    expect(clock.now() - at).toBeGreaterThanOrEqual(15_000)
    expect(source.stopped).toBe(true)
  })

  it('ticks on the real clock unless handed one: a one-second watch of a real process', async () => {
    const pid = await job(IDLE)
    const source = new RecordedSource(realClock, steady(reading(85)))
    const before = performance.now()
    const r = await watchJob({ pid, seconds: 1, source, env: fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${pid}:1:900:80` }) })
    expect(performance.now() - before).toBeGreaterThanOrEqual(950)
    expect(r.seconds).toBeGreaterThanOrEqual(0.9)
    expect(r.gpus[0]!.samples).toBeGreaterThanOrEqual(5)
    expect(r.command).toContain('setInterval')
  })

  it('another process keeping the GPU busy: the job\'s own share decides (shared, not healthy), and the other process is named with its share', async () => {
    const { clock, options } = recorded([python(JOB, 100), python(OTHER, 1)])
    // The GPU is busy 98 % of the time: 30 % the job's, 68 % the other process's.
    const source = new RecordedSource(clock, steady(reading(98, { processes: [{ pid: JOB, sm: 30 }, { pid: OTHER, sm: 68 }] })))
    const env = fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${JOB}:1:900:30,${OTHER}:1:4000:68` })
    const r = await watchJob({ pid: JOB, seconds: 3, source, ...options, env })
    expect(r).toMatchObject({ verdict: 'gpu-shared', smMean: 98, jobSmMean: 30, othersSmMean: 68 })
    expect(r.otherProcesses).toEqual([{ gpuIndex: 1, pid: OTHER, name: 'python', usedMemoryMiB: 4000, smMean: 68 }])
    expect(r.findings.map((f) => f.id)).toEqual(['gpu-shared-by-other-jobs'])
  })

  it('a process the sampler sees working on the job\'s GPU that nvidia-smi did not list is named from /proc', async () => {
    const { clock, options } = recorded([python(JOB, 100), { pid: OTHER, comm: 'stress', threads: [{ tid: OTHER, cpu: 1 }] }])
    const source = new RecordedSource(clock, steady(reading(98, { processes: [{ pid: JOB, sm: 30 }, { pid: OTHER, sm: 68 }] })))
    const r = await watchJob({ pid: JOB, seconds: 3, source, ...options, env: fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${JOB}:1:900:30` }) })
    expect(r.otherProcesses).toEqual([{ gpuIndex: 1, pid: OTHER, name: 'stress', usedMemoryMiB: null, smMean: 68 }])
    expect(r.verdict).toBe('gpu-shared')
  })

  it('the same sharing seen by a sampler that cannot tell processes apart: judged on the whole GPU, with the caveat', async () => {
    const { clock, options } = recorded([python(JOB, 1), python(OTHER, 1)])
    const env = fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${JOB}:1:900:30,${OTHER}:1:4000:68` })
    const r = await watchJob({ pid: JOB, seconds: 3, source: new RecordedSource(clock, steady(reading(98))), ...options, env })
    expect(r).toMatchObject({ verdict: 'healthy', jobSmMean: null, othersSmMean: null })
    expect(r.otherProcesses).toMatchObject([{ pid: OTHER, smMean: null }])
    expect(r.findings.map((f) => f.id)).toEqual(['watch-no-gpm', 'watch-sm-includes-other-processes'])
  })

  it('a job that ends during the watch is judged on what was seen, and the sampler is stopped', async () => {
    const { clock, proc, options } = recorded([python(JOB, 100)])
    const source = new RecordedSource(clock, steady(reading(30)))
    let endedAt: number | null = null
    // Ended after two seconds of watching.
    const onProgress = (elapsed: number) => {
      if (endedAt === null && elapsed >= 2) {
        endedAt = clock.now()
        proc.exit(JOB)
      }
    }
    const r = await watchJob({ pid: JOB, seconds: 20, source, onProgress, ...options, env: fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${JOB}:0:900:30` }) })
    // Seen at the next tick, not at the end of the 20 s.
    expect(clock.now() - endedAt!).toBeLessThanOrEqual(1000)
    expect(r.seconds).toBe(3)
    expect(source.stopped).toBe(true)
    expect(r.verdict).toBe('launch-bound')
    // Said so, with when; the last second before the end is not part of the verdict.
    expect(r.jobEnded).toEqual({ state: 'exited', afterSeconds: 3 })
    expect(r.gpus[0]!.samples).toBe(19)
    expect(r.findings.map((f) => f.id)).toEqual(['watch-job-ended', 'launch-bound-small-kernels'])
  })

  it('a job that ends before enough samples were taken gets no verdict, only "ended" and "not enough samples"', async () => {
    const { clock, proc, options } = recorded([python(JOB, 100)])
    // One sample a second, as NVML and dmon give them; the job ends after about one second, left a zombie.
    const source = new RecordedSource(clock, steady(reading(100)), 1000)
    clock.after(1200, () => proc.zombie(JOB))
    const r = await watchJob({ pid: JOB, seconds: 20, source, ...options, env: fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${JOB}:0:900:30` }) })
    expect(r.jobEnded).toEqual({ state: 'zombie', afterSeconds: 2 })
    expect(r.verdict).toBe('not-enough-samples')
    expect(r.decidedBy).toBe('samples')
    expect(r.headline.key).toBe('verdict.jobEndedEarly')
    expect(r.findings.map((f) => f.id)).toEqual(['watch-job-ended', 'watch-not-enough-samples'])
  })

  it('a sampler that does not read the link (dmon): the kernel\'s link (sysfs) is the capacity PCIe is judged against', async () => {
    // The h200-x1 capture's GPU is at 00000000:00:06.0; its link here: Gen 5 ×16 (63016 MB/s each way).
    const { clock, options } = recorded([python(JOB, 1)])
    const dev = join(options.sys, 'bus/pci/devices/0000:00:06.0')
    mkdirSync(dev, { recursive: true })
    writeFileSync(join(dev, 'current_link_speed'), '32.0 GT/s PCIe\n')
    writeFileSync(join(dev, 'current_link_width'), '16\n')
    const env = fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${JOB}:0:900:99` })
    const copying = () => new RecordedSource(clock, steady(reading(99, { pcieRxMBps: 40_000 })))
    const busy = await watchJob({ pid: JOB, seconds: 3, source: copying(), ...options, env })
    expect(busy.gpus[0]).toMatchObject({ pcieLink: { generation: 5, width: 16 }, pcieCapacityMBps: 63016 })
    expect([busy.verdict, busy.decidedBy]).toEqual(['transfer-bound', 'pcie-link-share'])
    // No sysfs entry: no link, and the counter's 99 % is healthy as before.
    const none = await watchJob({ pid: JOB, seconds: 3, source: copying(), ...options, env, sys: join(options.sys, 'missing') })
    expect(none.gpus[0]!.pcieLink).toBeNull()
    expect(none.verdict).toBe('healthy')
  })

  it('a cancel stops the sampler and ends as cancelled, at once', async () => {
    const { clock, options } = recorded([python(JOB, 1)])
    const source = new RecordedSource(clock, steady(reading(30)))
    const ac = new AbortController()
    await expect(watchJob({ pid: JOB, seconds: 30, source, signal: ac.signal, onProgress: () => ac.abort(), ...options, env: fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${JOB}:0:900:30` }) })).rejects.toMatchObject({
      code: 'cancelled',
    })
    expect(source.stopped).toBe(true)
    expect(clock.now()).toBe(1000)
  })
})

describe('the GPU process table', () => {
  it('reads pmon SM % per GPU and PID', () => {
    const pmon = '# gpu         pid   type     sm    mem    enc    dec    jpg    ofa    command\n# Idx           #    C/G      %      %      %      %      %      %    name\n    0       4242     C     57     20      -      -      -      -    python\n    1          -     -      -      -      -      -      -      -    -\n'
    expect([...parsePmonSm(pmon)]).toEqual([['0:4242', 57]])
  })

  it('lists each compute process with its user, full command line, SM % and memory, through the core service too', async () => {
    const pid = await job(IDLE)
    const env = fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${pid}:1:1234:12` })
    const rows = await listGpuProcesses({ env })
    expect(rows).toEqual([{ gpuIndex: 1, pid, user: expect.any(String), command: expect.stringContaining('setInterval'), container: null, smPercent: 12, usedMemoryMiB: 1234 }])
    const core = createCoreService({ env })
    try {
      const viaCore = await core.invoke(INVOKE_CHANNELS.listGpuProcesses, [])
      expect(viaCore.ok && viaCore.value[0]?.pid).toBe(pid)
      const gone = await core.invoke(INVOKE_CHANNELS.runWatch, [{ pid: 4190000, seconds: 3 }])
      expect(gone.ok).toBe(false)
      if (!gone.ok) expect(gone.error).toMatchObject({ code: 'watch-failed', details: { reason: 'pid-not-found', messageKey: 'error.pidNotFound', pid: '4190000' } })
    } finally {
      await core.dispose()
    }
  })
})
