import { afterEach, describe, expect, it, vi } from 'vitest'

import { onceWithDeadline } from '../../src/main/shutdown'

afterEach(() => {
  vi.useRealTimers()
})

describe('onceWithDeadline', () => {
  it('runs the task once however often it is called', async () => {
    const task = vi.fn(async () => {})
    const shutdown = onceWithDeadline(task, 1000, () => {})
    await Promise.all([shutdown(), shutdown()])
    await shutdown()
    expect(task).toHaveBeenCalledOnce()
  })

  it('resolves after the deadline when the task hangs', async () => {
    vi.useFakeTimers()
    const report = vi.fn()
    const shutdown = onceWithDeadline(() => new Promise<void>(() => {}), 5000, report)
    const done = shutdown()
    await vi.advanceTimersByTimeAsync(5000)
    await expect(done).resolves.toBeUndefined()
    expect(report).toHaveBeenCalledWith(expect.stringContaining('5000 ms'))
  })

  it('never rejects, whether the task rejects or throws synchronously', async () => {
    const report = vi.fn()
    await expect(onceWithDeadline(() => Promise.reject(new Error('x')), 1000, report)()).resolves.toBeUndefined()
    await expect(
      onceWithDeadline(
        () => {
          throw new Error('sync')
        },
        1000,
        report,
      )(),
    ).resolves.toBeUndefined()
    expect(report).toHaveBeenCalledTimes(2)
  })
})
