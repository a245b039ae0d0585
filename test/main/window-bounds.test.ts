import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { DEFAULT_SIZE, parseWindowState, placeWindow } from '../../src/main/window-bounds'
import { loadWindowState, saveWindowState } from '../../src/main/window-state-file'

const laptop = { x: 0, y: 0, width: 1920, height: 1050 }
const rightMonitor = { x: 1920, y: 0, width: 2560, height: 1410 }

describe('where the window opens', () => {
  it('first start: the default size, centred by the window manager', () => {
    expect(placeWindow(null, [laptop])).toEqual({ ...DEFAULT_SIZE, maximized: false })
  })

  it('reopens where it was closed, maximised or not', () => {
    const saved = { bounds: { x: 2100, y: 80, width: 1400, height: 900 }, maximized: true }
    expect(placeWindow(saved, [laptop, rightMonitor])).toEqual({ ...saved.bounds, maximized: true })
  })

  it('the monitor it was on is gone: same size on the screen that is left, centred', () => {
    const saved = { bounds: { x: 2100, y: 80, width: 1400, height: 900 }, maximized: false }
    expect(placeWindow(saved, [laptop])).toEqual({ width: 1400, height: 900, maximized: false })
  })

  it('only its bottom edge shows (title bar off screen): not kept there', () => {
    const saved = { bounds: { x: 100, y: -800, width: 1200, height: 820 }, maximized: false }
    expect(placeWindow(saved, [laptop])).toEqual({ width: 1200, height: 820, maximized: false })
  })

  it('hanging over the edge, or bigger than the screen: pulled inside and cut to fit', () => {
    expect(placeWindow({ bounds: { x: 1500, y: 900, width: 1200, height: 820 }, maximized: false }, [laptop])).toEqual({ x: 720, y: 230, width: 1200, height: 820, maximized: false })
    expect(placeWindow({ bounds: { x: 10, y: 10, width: 3000, height: 2000 }, maximized: false }, [laptop])).toEqual({ x: 0, y: 0, width: 1920, height: 1050, maximized: false })
  })

  it('never smaller than the window minimum', () => {
    expect(placeWindow({ bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false }, [laptop])).toMatchObject({ width: 720, height: 520 })
  })

  it('refuses saved states that are not one', () => {
    for (const bad of [null, 'x', {}, { bounds: { x: 0, y: 0, width: 0, height: 10 }, maximized: false }, { bounds: { x: 0.5, y: 0, width: 10, height: 10 }, maximized: false }, { bounds: { x: 0, y: 0, width: 10, height: 10 } }]) {
      expect(parseWindowState(bad)).toBeNull()
    }
  })
})

describe('window-state.json', () => {
  it('round-trips, and a corrupt or missing file reads as no state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-window-'))
    try {
      expect(await loadWindowState(dir)).toBeNull()
      const state = { bounds: { x: -1200, y: 40, width: 1000, height: 700 }, maximized: false }
      await saveWindowState(dir, state)
      expect(await loadWindowState(dir)).toEqual(state)
      writeFileSync(join(dir, 'window-state.json'), '{"bounds":')
      expect(await loadWindowState(dir)).toBeNull()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
