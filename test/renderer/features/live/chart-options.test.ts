import { describe, expect, it } from 'vitest'

import { agoTicks, labelWidthPx, visibleWindow } from '../../../../src/renderer/features/live/chart-options'

describe('visibleWindow', () => {
  it('starts at 30 s, grows in 30 s steps with the data, and stops at the maximum', () => {
    expect(visibleWindow([], 120)).toEqual({ last: 0, window: 30 })
    expect(visibleWindow([100, 105], 120)).toEqual({ last: 105, window: 30 })
    expect(visibleWindow([100, 145], 120)).toEqual({ last: 145, window: 60 })
    expect(visibleWindow([0, 500], 120)).toEqual({ last: 500, window: 120 })
  })
})

describe('agoTicks', () => {
  const en = (s: number) => `${s}s`
  const zh = (s: number) => `${s}秒`
  /** Pixels between neighbouring ticks on a plot `width` px wide showing `window` seconds. */
  const spacing = (ticks: number[], window: number, width: number) => ((ticks[1]! - ticks[0]!) / window) * width

  it('puts -45, -30 and -15 on a wide one-minute chart, as before', () => {
    expect(agoTicks(1000, 60, 200, en)).toEqual([955, 970, 985])
    expect(agoTicks(1000, 30, 200, en)).toEqual([980, 990])
  })

  it('keeps Chinese labels apart on a narrow chart (the 900 px SM clock tile)', () => {
    const ticks = agoTicks(1000, 60, 115, zh)
    expect(ticks.length).toBeGreaterThan(0)
    if (ticks.length > 1) expect(spacing(ticks, 60, 115)).toBeGreaterThanOrEqual(labelWidthPx('-45秒') + 10)
  })

  it('shows a ten-minute window with a handful of labels, not one every 30 s', () => {
    const ticks = agoTicks(10_000, 600, 170, en)
    expect(ticks.length).toBeLessThanOrEqual(4)
    expect(ticks.length).toBeGreaterThan(0)
    if (ticks.length > 1) expect(spacing(ticks, 600, 170)).toBeGreaterThanOrEqual(labelWidthPx('-480s') + 10)
  })
})
