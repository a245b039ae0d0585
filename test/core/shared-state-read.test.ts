import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { createCoreService, STATE_FRESH_MS } from '../../src/core/app/service/core-service'
import { sharedRead } from '../../src/core/platform/util/shared-read'
import { INVOKE_CHANNELS } from '../../src/shared/channels'
import { fakeSmiEnv } from '../helpers/fake-smi'

const starts = (log: string) => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0)

describe('shared GPU state reads', () => {
  it('sharedRead: concurrent callers share one read, its answer stays fresh briefly, a failure is not kept', async () => {
    let clock = 0
    let calls = 0
    let fail = false
    const read = sharedRead(
      async () => {
        calls++
        await new Promise((r) => setTimeout(r, 20))
        if (fail) throw new Error('nvidia-smi hung')
        return calls
      },
      { freshMs: 250, now: () => clock },
    )
    const answers = await Promise.all(Array.from({ length: 100 }, () => read()))
    expect(calls).toBe(1)
    expect(new Set(answers)).toEqual(new Set([1]))
    clock = 200
    expect(await read()).toBe(1)
    clock = 300
    fail = true
    const failed = await Promise.allSettled([read(), read()])
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(calls).toBe(2)
    fail = false
    expect(await read()).toBe(3)
  })

  it('100 concurrent gpu:get-state calls start nvidia-smi as often as one call does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-state-'))
    const logOf = (name: string) => join(dir, `${name}.log`)
    // Warm the per-binary field list first, so both counts below are of state reads only.
    const warm = createCoreService({ env: fakeSmiEnv('h200-x1', { FAKE_SMI_LOG: logOf('warm') }) })
    await warm.invoke(INVOKE_CHANNELS.getGpuState, [])
    await warm.dispose()

    const single = createCoreService({ env: fakeSmiEnv('h200-x1', { FAKE_SMI_LOG: logOf('one') }) })
    await single.invoke(INVOKE_CHANNELS.getGpuState, [])
    await single.dispose()
    const perRead = starts(logOf('one'))
    expect(perRead).toBeGreaterThan(0)

    const core = createCoreService({ env: fakeSmiEnv('h200-x1', { FAKE_SMI_LOG: logOf('many') }) })
    try {
      const answers = await Promise.all(Array.from({ length: 100 }, () => core.invoke(INVOKE_CHANNELS.getGpuState, [])))
      expect(answers.every((a) => a.ok && (a.value as { kind: string }).kind === 'ok')).toBe(true)
      expect(starts(logOf('many'))).toBe(perRead)
      // Once the answer is older than STATE_FRESH_MS, the next call reads anew.
      await new Promise((r) => setTimeout(r, STATE_FRESH_MS + 50))
      await core.invoke(INVOKE_CHANNELS.getGpuState, [])
      expect(starts(logOf('many'))).toBe(2 * perRead)
    } finally {
      await core.dispose()
    }
  })
})
