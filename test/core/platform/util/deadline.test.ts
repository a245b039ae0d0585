import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

import { describe, expect, it } from 'vitest'

import { deadlineSignal, timeoutSignal } from '../../../../src/core/platform/util/deadline'

// `gpu-doctor images` against an engine that hangs after its ping waited past every deadline in the
// split CLI (test/deadlines/hung-docker.test.ts): AbortSignal.timeout() inside AbortSignal.any() never
// fired there, and fired once anything listened on it directly. These deadlines are held by their own
// timers and must fire whatever the garbage collector does.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('deadlines that survive a garbage collection', () => {
  it('deadlineSignal with a parent fires at its deadline after collections, as a TimeoutError', async () => {
    const parent = new AbortController()
    const combined = deadlineSignal(100, parent.signal)
    for (let i = 0; i < 3; i++) gc()
    await sleep(400)
    expect(combined.aborted).toBe(true)
    expect((combined.reason as DOMException).name).toBe('TimeoutError')
  })

  it('the parent still ends it first; without a parent it is a plain deadline', async () => {
    const parent = new AbortController()
    const combined = deadlineSignal(10_000, parent.signal)
    parent.abort(new Error('cancelled'))
    expect(combined.aborted).toBe(true)
    expect((combined.reason as Error).message).toBe('cancelled')
    const alone = timeoutSignal(50)
    gc()
    await sleep(200)
    expect(alone.aborted).toBe(true)
  })
})
