import type { ChildProcess } from 'node:child_process'

import { afterEach, describe, expect, it } from 'vitest'

import { descendantsOf } from '../../../../src/core/platform/process/proc'
import { findJobRanks, readEnviron } from '../../../../src/core/domain/watch/ranks'
import { judgeStraggler } from '../../../../src/core/domain/watch/straggler'
import { watchJob } from '../../../../src/core/domain/watch/watch'
import type { WatchRank } from '../../../../src/shared/watch'
import { sleep, startNode, stopTree } from '../../../helpers/busy-processes'
import { FakeProc } from '../../../helpers/fake-proc'
import { fakeSmiEnv } from '../../../helpers/fake-smi'
import { RecordedSource, type RecordedSample } from '../../../helpers/recorded-gpu'
import { TestClock } from '../../../helpers/test-clock'

const started: ChildProcess[] = []
afterEach(() => started.splice(0).forEach(stopTree))

/**
 * A launcher like torchrun: two real rank processes with torchrun's variables, rank 1 with a
 * DataLoader-like worker that inherits them. Returns the PIDs of rank 0 and rank 1.
 */
async function launchJob(runId: string): Promise<{ rank0: number; rank1: number; worker: number }> {
  const idle = 'setInterval(() => {}, 1000)'
  const withWorker = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(idle)}], { stdio: 'ignore' }); ${idle}`
  const launcher = startNode(`
    const { spawn } = require('child_process')
    for (const r of [0, 1]) spawn(process.execPath, ['-e', r === 1 ? ${JSON.stringify(withWorker)} : ${JSON.stringify(idle)}], {
      stdio: 'ignore',
      env: { ...process.env, RANK: String(r), LOCAL_RANK: String(r), WORLD_SIZE: '2', MASTER_ADDR: '127.0.0.1', MASTER_PORT: '29555', TORCHELASTIC_RUN_ID: ${JSON.stringify(runId)} },
    })
    ${idle}`)
  started.push(launcher)
  for (let i = 0; i < 50; i++) {
    await sleep(100)
    const all = await descendantsOf(launcher.pid!)
    const envs = await Promise.all(all.map(async (pid) => ({ pid, env: await readEnviron(pid) })))
    const rank = (n: string) => envs.filter((e) => e.env?.get('RANK') === n).map((e) => e.pid)
    if (rank('0').length === 1 && rank('1').length === 2) {
      const [a, b] = rank('1')
      const workerOf1 = (await descendantsOf(a!)).includes(b!) ? b! : a!
      return { rank0: rank('0')[0]!, rank1: workerOf1 === b ? a! : b!, worker: workerOf1 }
    }
  }
  throw new Error('the ranks did not start')
}

/** GPU 0 spins (NCCL waiting: SM busy, little memory traffic); GPU 1 computes. */
const rankReadings = (gpu: number): RecordedSample[] => [{ sm: 100, memBandwidth: gpu === 1 ? 62 : 4, pcieRxMBps: 1, pcieTxMBps: 1 }]

/** The same job as launchJob starts, recorded: the launcher, rank 0, rank 1 and rank 1's worker, with torchrun's variables. */
function recordedJob(runId: string) {
  const [launcher, rank0, rank1, worker] = [4_194_010, 4_194_011, 4_194_012, 4_194_013]
  const env = (r: number) => ({ RANK: String(r), LOCAL_RANK: String(r), WORLD_SIZE: '2', MASTER_ADDR: '127.0.0.1', MASTER_PORT: '29555', TORCHELASTIC_RUN_ID: runId })
  const proc = new FakeProc([
    { pid: launcher, comm: 'torchrun' },
    { pid: rank0, ppid: launcher, comm: 'python', environ: env(0) },
    { pid: rank1, ppid: launcher, comm: 'python', environ: env(1) },
    { pid: worker, ppid: rank1, comm: 'pt_data_worker', environ: env(1) },
  ])
  return { proc, rank0, rank1, worker }
}

describe('watch --pid of one rank of a distributed job', () => {
  it("torchrun's default run id \"none\" is not a job name: the job is named by its rendezvous address", async () => {
    const { rank0, rank1 } = await launchJob('none')
    const job = await findJobRanks(rank0)
    expect(job?.key).toBe('127.0.0.1:29555')
    expect(job!.ranks.map((r) => r.pid)).toEqual([rank0, rank1])
  })

  it('finds the sibling rank by torchrun\'s run id in the real /proc, and leaves the worker out', async () => {
    const runId = `gd-test-${process.pid}-${Date.now()}`
    const { rank0, rank1, worker } = await launchJob(runId)
    const job = await findJobRanks(rank0)
    expect(job).toMatchObject({ worldSize: 2, ranks: [{ pid: rank0, rank: 0 }, { pid: rank1, rank: 1 }] })
    expect(job!.ranks.map((r) => r.pid)).not.toContain(worker)
  })

  it('watching one rank samples the sibling rank\'s GPU too, and names the straggler the other rank waits for', async () => {
    const { proc, rank0, rank1 } = recordedJob('gd-recorded')
    const clock = new TestClock({ sleepAdvances: true })
    proc.follow(clock)
    const source = new RecordedSource(clock, rankReadings)
    const r = await watchJob({ pid: rank0, seconds: 3, source, clock, proc: proc.dir, env: fakeSmiEnv('h200-x2', { FAKE_SMI_APP_PIDS: `${rank0}:0:900:100,${rank1}:1:900:100` }) })
    expect(source.gpus).toEqual([0, 1])
    // The watched rank's own figures stay its own GPU's.
    expect(r.gpus.map((g) => g.index)).toEqual([0])
    expect(r.job).toMatchObject({ key: 'run gd-recorded (MASTER_PORT 29555)', worldSize: 2 })
    expect(r.job!.ranks.map((k) => [k.rank, k.gpus, k.watched])).toEqual([
      [0, [0], true],
      [1, [1], false],
    ])
    const f = r.findings.find((x) => x.id === 'distributed-rank-straggler')!
    expect(f.params).toMatchObject({ rank: 1, pid: rank1, gpu: '1', mem: '62', othersMem: '4', by: 'memory-bandwidth' })
    expect(f.message).toContain(`rank 1 (pid ${rank1}, GPU 1) is the one the others wait for`)
  })

  it('a process that is not a rank has no job', async () => {
    const c = startNode('setInterval(() => {}, 1000)')
    started.push(c)
    await sleep(200)
    expect(await findJobRanks(c.pid!)).toBeNull()
  })
})

describe('judgeStraggler', () => {
  const rank = (n: number, sm: number | null, mem: number | null): WatchRank => ({ pid: 100 + n, rank: n, localRank: n, gpus: [n], smMean: sm, memBandwidthMean: mem, watched: n === 0 })
  it('memory traffic decides where every GPU reads busy', () => {
    expect(judgeStraggler([rank(0, 100, 5), rank(1, 100, 5), rank(2, 99, 48), rank(3, 100, 6)])?.straggler.rank).toBe(2)
  })
  it('ranks doing the same work have no straggler', () => {
    expect(judgeStraggler([rank(0, 100, 41), rank(1, 100, 44)])).toBeNull()
  })
  it('without memory figures, SM % decides only a clear lead', () => {
    expect(judgeStraggler([rank(0, 35, null), rank(1, 97, null)])).toMatchObject({ straggler: { rank: 1 }, by: 'sm' })
    expect(judgeStraggler([rank(0, 90, null), rank(1, 97, null)])).toBeNull()
  })
})
