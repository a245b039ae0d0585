import { afterEach, vi } from 'vitest'

// A test that fakes timers and then fails an assertion never reaches its own useRealTimers():
// restore them after every test so the fake clock cannot leak into the next one.
afterEach(() => {
  vi.useRealTimers()
})
