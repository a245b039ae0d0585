import { afterEach, describe, expect, it, vi } from 'vitest'

import { createCoalescer } from '../../../src/renderer/stores/coalescer'
import { createSettingsStore, initialLanguage, LANGUAGE_KEY } from '../../../src/renderer/stores/settings-store'

// A failed assertion must not leak fake timers into later tests.
afterEach(() => {
  vi.useRealTimers()
})

describe('createCoalescer', () => {
  it('delivers a burst once, after the wait', () => {
    vi.useFakeTimers()
    const deliver = vi.fn()
    const c = createCoalescer<number>(deliver, 250)
    c.push(1)
    c.push(2)
    c.push(3)
    expect(deliver).not.toHaveBeenCalled()
    vi.advanceTimersByTime(250)
    expect(deliver).toHaveBeenCalledTimes(1)
    expect(deliver).toHaveBeenCalledWith([1, 2, 3])
    c.push(4)
    c.dispose()
    vi.advanceTimersByTime(1000)
    expect(deliver).toHaveBeenCalledTimes(1)
  })
})

describe('settings store', () => {
  const memory = () => {
    const map = new Map<string, string>()
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map }
  }

  it('prefers the remembered language, then the browser first language', () => {
    const storage = memory()
    expect(initialLanguage(storage, ['zh-TW', 'en'])).toBe('zh-CN')
    expect(initialLanguage(storage, ['en-US', 'zh-CN'])).toBe('en')
    storage.setItem(LANGUAGE_KEY, 'en')
    expect(initialLanguage(storage, ['zh-CN'])).toBe('en')
    storage.setItem(LANGUAGE_KEY, 'klingon')
    expect(initialLanguage(storage, ['zh-CN'])).toBe('zh-CN')
    expect(initialLanguage(null, [])).toBe('en')
  })

  it('remembers a switch', () => {
    const storage = memory()
    const store = createSettingsStore(storage, 'en')
    store.getState().setLanguage('zh-CN')
    expect(store.getState().language).toBe('zh-CN')
    expect(storage.map.get(LANGUAGE_KEY)).toBe('zh-CN')
  })

  it('still switches when storage throws', () => {
    const store = createSettingsStore(
      {
        getItem: () => {
          throw new Error('denied')
        },
        setItem: () => {
          throw new Error('denied')
        },
      },
      'en',
    )
    store.getState().setLanguage('zh-CN')
    expect(store.getState().language).toBe('zh-CN')
  })
})
