// Where the window opens: the size and place it had when it was last closed, if that still lies
// on one of the displays attached now; else the default size, centred. Pure, so it is unit-tested.

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface WindowState {
  readonly bounds: Rect
  readonly maximized: boolean
}

export interface WindowPlacement {
  /** Absent: let the window manager centre it. */
  readonly x?: number
  readonly y?: number
  readonly width: number
  readonly height: number
  readonly maximized: boolean
}

export const DEFAULT_SIZE = { width: 1200, height: 820 } as const
export const MIN_SIZE = { width: 720, height: 520 } as const
/** How much of the title bar must show on a display for the window to be reachable there. */
const GRAB_WIDTH = 120
const GRAB_HEIGHT = 40

const isFiniteInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 1e6

/** A saved state read back from disk, or null when it is not one (corrupt, old, hand-edited). */
export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null
  const { bounds, maximized } = value as { bounds?: Partial<Rect>; maximized?: unknown }
  if (typeof bounds !== 'object' || bounds === null || typeof maximized !== 'boolean') return null
  const { x, y, width, height } = bounds
  if (![x, y, width, height].every(isFiniteInt) || width! <= 0 || height! <= 0) return null
  return { bounds: { x: x!, y: y!, width: width!, height: height! }, maximized }
}

function overlap(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  const right = Math.min(a.x + a.width, b.x + b.width)
  const bottom = Math.min(a.y + a.height, b.y + b.height)
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null
}

/**
 * The placement for a new window given the saved state and the work areas of the displays now
 * attached. The saved place is kept when its title bar shows on a display (a monitor unplugged
 * since is the usual reason it does not); its size is cut to that display's work area.
 */
export function placeWindow(saved: WindowState | null, workAreas: readonly Rect[]): WindowPlacement {
  const fallback = { width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height, maximized: saved?.maximized ?? false }
  if (saved === null) return fallback
  const { bounds } = saved
  const titleBar: Rect = { x: bounds.x, y: bounds.y, width: bounds.width, height: Math.min(GRAB_HEIGHT, bounds.height) }
  const display = workAreas.find((area) => {
    const shown = overlap(titleBar, area)
    return shown !== null && shown.width >= Math.min(GRAB_WIDTH, bounds.width) && shown.height >= Math.min(GRAB_HEIGHT, bounds.height) / 2
  })
  if (display === undefined) {
    const biggest = workAreas.reduce<Rect | null>((best, a) => (best === null || a.width * a.height > best.width * best.height ? a : best), null)
    if (biggest === null) return fallback
    return { width: clamp(bounds.width, MIN_SIZE.width, biggest.width), height: clamp(bounds.height, MIN_SIZE.height, biggest.height), maximized: saved.maximized }
  }
  const width = clamp(bounds.width, MIN_SIZE.width, display.width)
  const height = clamp(bounds.height, MIN_SIZE.height, display.height)
  // Pull it fully inside the display it belongs to once it fits there.
  const x = clamp(bounds.x, display.x, display.x + display.width - width)
  const y = clamp(bounds.y, display.y, display.y + display.height - height)
  return { x, y, width, height, maximized: saved.maximized }
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)))
}
