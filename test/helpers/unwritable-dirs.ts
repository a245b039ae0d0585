import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Folders a save cannot write to, made for real where this machine allows it: a read-only folder
 * (chmod for a normal user; a read-only bind mount for root, whom chmod does not stop) and a
 * 16 KiB tmpfs as a full disk (root only). `null` where this machine cannot make one.
 */
export interface UnwritableDirs {
  readOnly: string | null
  /** A folder on a filesystem with 16 KiB of room. */
  tiny: string | null
  cleanup(): void
}

function tryRun(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 5_000 })
    return true
  } catch {
    return false
  }
}

export function makeUnwritableDirs(): UnwritableDirs {
  const base = mkdtempSync(join(tmpdir(), 'gd-unwritable-'))
  const mounts: string[] = []
  const readOnly = join(base, 'read-only')
  const tiny = join(base, 'tiny')
  execFileSync('mkdir', ['-p', readOnly, tiny])
  const root = process.getuid?.() === 0
  let readOnlyOk = false
  if (!root) {
    chmodSync(readOnly, 0o500)
    readOnlyOk = true
  } else if (tryRun('mount', ['--bind', readOnly, readOnly])) {
    mounts.push(readOnly)
    readOnlyOk = tryRun('mount', ['-o', 'remount,bind,ro', readOnly])
  }
  let tinyOk = false
  if (root && tryRun('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', tiny])) {
    mounts.push(tiny)
    tinyOk = true
  }
  return {
    readOnly: readOnlyOk ? readOnly : null,
    tiny: tinyOk ? tiny : null,
    cleanup() {
      for (const m of mounts.reverse()) tryRun('umount', [m])
      if (!root) chmodSync(readOnly, 0o700)
      rmSync(base, { recursive: true, force: true })
    },
  }
}
