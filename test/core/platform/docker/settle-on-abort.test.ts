import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { settleOnAbort } from '../../../../src/core/platform/docker/engine-watch'

describe('settleOnAbort', () => {
  const unhandled: unknown[] = []
  const record = (reason: unknown) => unhandled.push(reason)
  beforeEach(() => {
    unhandled.length = 0
    process.on('unhandledRejection', record)
  })
  afterEach(() => {
    process.off('unhandledRejection', record)
  })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

  it('a cancel that came before the engine call: rejects as aborted, and the call failing too is no unhandled rejection', async () => {
    const ac = new AbortController()
    ac.abort()
    // What docker-modem does with an aborted signal: the request fails at once.
    const call = Promise.reject(new DOMException('The operation was aborted', 'AbortError'))
    await expect(settleOnAbort(call, ac.signal)).rejects.toMatchObject({ name: 'AbortError' })
    await settle()
    expect(unhandled).toEqual([])
  })

  it('a cancel while the call runs settles at once; the call failing later is no unhandled rejection', async () => {
    const ac = new AbortController()
    let fail!: (e: Error) => void
    const call = new Promise<never>((_, reject) => (fail = reject))
    const settled = settleOnAbort(call, ac.signal)
    ac.abort()
    await expect(settled).rejects.toMatchObject({ name: 'AbortError' })
    fail(new Error('socket hang up'))
    await settle()
    expect(unhandled).toEqual([])
  })

  it('without a cancel, the call\'s own result comes through', async () => {
    await expect(settleOnAbort(Promise.resolve({ StatusCode: 0 }), new AbortController().signal)).resolves.toEqual({ StatusCode: 0 })
    await expect(settleOnAbort(Promise.reject(new Error('no such container')), new AbortController().signal)).rejects.toThrow('no such container')
  })
})
