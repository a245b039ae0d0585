import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { containerMainPid } from '../../../src/core/domain/watch/container-pid'
import { WatchError } from '../../../src/core/domain/watch/errors'
import { runBuiltCli } from '../../helpers/cli'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { engine, PYTHON_IMAGE, requireImage, RUN } from './engine'

const reason = (e: unknown) => (e instanceof WatchError ? e.reason : String(e))

describe.skipIf(!RUN)('watch --container: the container main process through the real engine', () => {
  it('a running container gives its host PID; a created one is not running; an unknown name is no container', async () => {
    await requireImage(PYTHON_IMAGE)
    const name = `gd-test-watch-${randomUUID().slice(0, 8)}`
    const c = await engine().createContainer({ name, Image: PYTHON_IMAGE, Cmd: ['sleep', '60'], HostConfig: { NetworkMode: 'none' } })
    try {
      expect(await containerMainPid(name).catch(reason)).toBe('container-not-running')
      await c.start()
      expect(await containerMainPid(name)).toBe((await c.inspect()).State.Pid)
      expect(await containerMainPid(`${name}-nope`).catch(reason)).toBe('no-container')
    } finally {
      await c.remove({ force: true })
    }
  })

  it('a busy job held to 5 % of a CPU (--cpus 0.05) while its GPU waits: CPU oversubscribed, from the cgroup it really runs in', async () => {
    await requireImage(PYTHON_IMAGE)
    const name = `gd-test-watch-${randomUUID().slice(0, 8)}`
    const c = await engine().createContainer({
      name,
      Image: PYTHON_IMAGE,
      Cmd: ['python3', '-c', 'while True: pass'],
      HostConfig: { NetworkMode: 'none', NanoCpus: 50_000_000 },
    })
    try {
      await c.start()
      const pid = (await c.inspect()).State.Pid
      const dmon = join(mkdtempSync(join(tmpdir(), 'gd-watch-ct-')), 'dmon.txt')
      writeFileSync(dmon, '# gpu     sm    mem  rxpci  txpci\n# Idx      %      %   MB/s   MB/s\n    0     35      2     20     10\n    0     30      2     20     10\n')
      const r = await runBuiltCli(
        ['watch', '--container', name, '--seconds', '4', '--json'],
        fakeSmiEnv('h200-x1', { FAKE_SMI_APP_PIDS: `${pid}:0:4096:30`, FAKE_SMI_DMON: dmon, FAKE_SMI_DMON_MS: '200' }),
        { timeoutMs: 30_000 },
      )
      expect(r.code, r.stderr).toBe(1)
      const json = JSON.parse(r.stdout)
      expect(json).toMatchObject({ pid, container: name, verdict: 'cpu-oversubscribed' })
      expect(json.cgroup.cpuLimit).toBe(0.05)
      expect(json.cgroup.throttledShare).toBeGreaterThan(0.2)
      expect(json.findings[0].id).toBe('cpu-oversubscription-in-container')
    } finally {
      await c.remove({ force: true })
    }
  })
}, 120_000)
