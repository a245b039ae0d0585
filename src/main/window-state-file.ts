// The window's last size, place and maximised state, in the app's data folder (window-state.json).
import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { readRegularText } from '../core/app/regular-file'

import { parseWindowState, type WindowState } from './window-bounds'

const FILE = 'window-state.json'

/** The saved state, or null when there is none or it cannot be read. */
export async function loadWindowState(dir: string): Promise<WindowState | null> {
  try {
    return parseWindowState(JSON.parse(await readRegularText(join(dir, FILE), { maxBytes: 64 * 1024, timeoutMs: 2_000 })))
  } catch {
    return null
  }
}

/** Written to a temporary file and renamed, so a crash mid-write never leaves half a file. */
export async function saveWindowState(dir: string, state: WindowState): Promise<void> {
  const target = join(dir, FILE)
  const temporary = `${target}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(state)}\n`)
  await rename(temporary, target)
}
