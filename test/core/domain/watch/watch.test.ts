import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { GpuSampleSource, WatchGpuSample } from '../../../../src/core/domain/watch/gpu'
import { listGpuProcesses, parsePmonSm } from '../../../../src/core/domain/watch/process-table'
import { watchJob } from '../../../../src/core/domain/watch/watch'
import { createCoreService } from '../../../../src/core/app/service/core-service'
import { INVOKE_CHANNELS } from '../../../../src/shared/channels'
import { BUSY_LOOP, IDLE, sleep, startNode, stopTree } from '../../../helpers/busy-processes'
import { fakeSmiEnv } from '../../../helpers/fake-smi'

const started: ChildProcess[] = []
afterEach(() => started.splice(0).forEach(stopTree))
async function job(code: string): Promise<number> {
  const c = startNode(code)
  started.push(c)
  await sleep(300)
  return c.pid!
}

/** A GpuSampleSource that needs no nvidia-smi: what an NVML sampler plugs in as. */
class ScriptedSource implements GpuSampleSource {
  readonly name = 'scripted'
  gpus: number[] = []
  stopped = false
  private timer: NodeJS.Timeout | null = null
  constructor(
    private readonly sm: number,
    private readonly processes?: () => Array<{ pid: number; sm: number }>,
    private readonly periodMs = 100,
    private readonly pcieRxMBps = 1,
  ) {}
  start(gpus: number[], onSample: (s: WatchGpuSample) => void) {
    this.gpus = gpus
    const processes = this.processes
    this.timer = setInterval(
      () => gpus.forEach((gpu) => onSample({ gpu, sm: this.sm, memBandwidth: 5, pcieRxMBps: this.pcieRxMBps, pcieTxMBps: 1, ...(processes ? { processes: processes() } : {}) })),
      this.periodMs,
    )
  }
  async stop() {
    if (this.timer) clearInterval(this.timer)
    this.stopped = true
  }
}

describe('watchJob', () => {
  it('takes its GPU readings from any GpuSampleSource, for the GPUs the job holds, and stops it', async () => {
    const pid = await job(IDLE)
    const source = new ScriptedSource(85)
    const progress: number[] = []
    const r = await watchJob({ pid, seconds: 3, source, env: fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${pid}:1:900:80` }), onProgress: (s) => progress.push(s) })
    expect(source.gpus).toEqual([1])
    expect(source.stopped).toBe(true)
    expect(r).toMatchObject({ sampler: 'scripted', verdict: 'healthy', smMean: 85, gpus: [{ index: 1, jobMemoryMiB: 900 }] })
    expect(progress.at(-1)).toBe(3)
  })

  it('another process keeping the GPU busy: the job\'s own share decides (shared, not healthy), and the other process is named with its share', async () => {
    const pid = await job(BUSY_LOOP)
    const other = await job(IDLE)
    // The GPU is busy 98 % of the time: 30 % the job's, 68 % the other process's.
    const source = new ScriptedSource(98, () => [
      { pid, sm: 30 },
      { pid: other, sm: 68 },
    ])
    const env = fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${pid}:1:900:30,${other}:1:4000:68` })
    const r = await watchJob({ pid, seconds: 3, source, env })
    expect(r).toMatchObject({ verdict: 'gpu-shared', smMean: 98, jobSmMean: 30, othersSmMean: 68 })
    expect(r.otherProcesses).toEqual([{ gpuIndex: 1, pid: other, name: expect.stringContaining('node'), usedMemoryMiB: 4000, smMean: 68 }])
    expect(r.findings.map((f) => f.id)).toEqual(['gpu-shared-by-other-jobs'])
  })

  it('the same sharing seen by a sampler that cannot tell processes apart: judged on the whole GPU, with the caveat', async () => {
    const pid = await job(IDLE)
    const other = await job(IDLE)
    const env = fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${pid}:1:900:30,${other}:1:4000:68` })
    const r = await watchJob({ pid, seconds: 3, source: new ScriptedSource(98), env })
    expect(r).toMatchObject({ verdict: 'healthy', jobSmMean: null, othersSmMean: null })
    expect(r.otherProcesses).toMatchObject([{ pid: other, smMean: null }])
    expect(r.findings.map((f) => f.id)).toEqual(['watch-sm-includes-other-processes'])
  })

  it('a job that ends during the watch is judged on what was seen, and the sampler is stopped', async () => {
    const pid = await job(BUSY_LOOP)
    const source = new ScriptedSource(30)
    let t0 = 0
    // Ended after two seconds of watching.
    const onProgress = (elapsed: number) => {
      if (t0 === 0 && elapsed >= 2) {
        t0 = Date.now()
        started.forEach(stopTree)
      }
    }
    const r = await watchJob({ pid, seconds: 20, source, onProgress, env: fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${pid}:0:900:30` }) })
    expect(Date.now() - t0).toBeLessThan(5000)
    expect(r.seconds).toBeLessThan(5)
    expect(source.stopped).toBe(true)
    expect(r.verdict).toBe('launch-bound')
    // Said so, with when; the last second before the end is not part of the verdict.
    expect(r.jobEnded).toMatchObject({ state: expect.stringMatching(/^(exited|zombie)$/) })
    expect(r.jobEnded!.afterSeconds).toBeGreaterThanOrEqual(2)
    expect(r.gpus[0]!.samples).toBeLessThan(r.jobEnded!.afterSeconds * 10 - 5)
    expect(r.findings.map((f) => f.id)).toEqual(['watch-job-ended', 'launch-bound-small-kernels'])
  })

  it('a job that ends before enough samples were taken gets no verdict, only "ended" and "not enough samples"', async () => {
    const pid = await job(BUSY_LOOP)
    // One sample a second, as NVML and dmon give them; the job ends after about one second.
    const source = new ScriptedSource(100, undefined, 1000)
    const stopper = setTimeout(() => started.forEach(stopTree), 1200)
    const r = await watchJob({ pid, seconds: 20, source, env: fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${pid}:0:900:30` }) })
    clearTimeout(stopper)
    expect(r.verdict).toBe('not-enough-samples')
    expect(r.decidedBy).toBe('samples')
    expect(r.headline.key).toBe('verdict.jobEndedEarly')
    expect(r.findings.map((f) => f.id)).toEqual(['watch-job-ended', 'watch-not-enough-samples'])
  })

  it('a sampler that does not read the link (dmon): the kernel\'s link (sysfs) is the capacity PCIe is judged against', async () => {
    const pid = await job(IDLE)
    // The h200-x1 capture's GPU is at 00000000:00:06.0; its link here: Gen 5 ×16 (63016 MB/s each way).
    const sys = mkdtempSync(join(tmpdir(), 'gd-sys-'))
    const dev = join(sys, 'bus/pci/devices/0000:00:06.0')
    mkdirSync(dev, { recursive: true })
    writeFileSync(join(dev, 'current_link_speed'), '32.0 GT/s PCIe\n')
    writeFileSync(join(dev, 'current_link_width'), '16\n')
    const env = fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${pid}:0:900:99` })
    const busy = await watchJob({ pid, seconds: 3, source: new ScriptedSource(99, undefined, 100, 40_000), env, sys })
    expect(busy.gpus[0]).toMatchObject({ pcieLink: { generation: 5, width: 16 }, pcieCapacityMBps: 63016 })
    expect([busy.verdict, busy.decidedBy]).toEqual(['transfer-bound', 'pcie-link-share'])
    // No sysfs entry: no link, and the counter's 99 % is healthy as before.
    const none = await watchJob({ pid, seconds: 3, source: new ScriptedSource(99, undefined, 100, 40_000), env, sys: join(sys, 'missing') })
    expect(none.gpus[0]!.pcieLink).toBeNull()
    expect(none.verdict).toBe('healthy')
  })

  it('a cancel stops the sampler and ends as cancelled', async () => {
    const pid = await job(IDLE)
    const source = new ScriptedSource(30)
    const ac = new AbortController()
    await expect(watchJob({ pid, seconds: 30, source, signal: ac.signal, onProgress: () => ac.abort(), env: fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${pid}:0:900:30` }) })).rejects.toMatchObject({
      code: 'cancelled',
    })
    expect(source.stopped).toBe(true)
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
