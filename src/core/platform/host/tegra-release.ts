import { closeSync, constants, lstatSync, openSync, readSync } from 'node:fs'

/** Where Jetson Linux (L4T) writes its release: "# R36 (release), REVISION: 3.0, GCID: …, BOARD: …". */
export const TEGRA_RELEASE_FILE = '/etc/nv_tegra_release'

const MAX_BYTES = 4096

/**
 * The Jetson Linux release of this machine ("36.3"), or null when it is no Jetson or the file is
 * not a small regular file (never blocks: a FIFO or device there is not read).
 */
export function readTegraRelease(path: string = TEGRA_RELEASE_FILE): string | null {
  let fd: number | null = null
  try {
    const info = lstatSync(path)
    if (!info.isFile() || info.size > 64 * 1024) return null
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
    const buffer = Buffer.alloc(MAX_BYTES)
    const n = readSync(fd, buffer, 0, MAX_BYTES, 0)
    const m = /#\s*R(\d+)\s*\(release\),\s*REVISION:\s*(\d+)(?:\.(\d+))?/.exec(buffer.subarray(0, n).toString('utf8'))
    return m ? `${m[1]}.${m[2]}` : null
  } catch {
    return null
  } finally {
    if (fd !== null) closeSync(fd)
  }
}
