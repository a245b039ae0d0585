import { describe, expect, it } from 'vitest'

import { visibleWindow } from './chart-options'

describe('visibleWindow', () => {
  it('starts at 30 s, grows in 30 s steps with the data, and stops at the maximum', () => {
    expect(visibleWindow([], 120)).toEqual({ last: 0, window: 30 })
    expect(visibleWindow([100, 105], 120)).toEqual({ last: 105, window: 30 })
    expect(visibleWindow([100, 145], 120)).toEqual({ last: 145, window: 60 })
    expect(visibleWindow([0, 500], 120)).toEqual({ last: 500, window: 120 })
  })
})
