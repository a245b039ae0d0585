// Runs the real electron-builder (`--dir`, Linux x64) on this checkout with a stand-in for the
// Electron distribution it cannot download here: a small file carrying Electron's fuse wire, so
// the afterPack hook flips real fuses. Everything else is electron-builder's own doing: the
// `files` and `extraResources` rules, the production node_modules, app.asar, the resources folder.
import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** @electron/fuses' constants.js: the marker just before the fuse wire in every Electron binary. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

/** A folder electron-builder accepts as `electronDist`: an `electron` with 9 fuses, all on. */
export function standInElectron(dir: string): string {
  mkdirSync(dir, { recursive: true })
  const exe = join(dir, 'electron')
  writeFileSync(exe, Buffer.concat([Buffer.from('#!/bin/sh\necho stand-in\n#'), Buffer.from(FUSE_SENTINEL), Buffer.from([1, 9]), Buffer.alloc(9, 0x31), Buffer.from('\n')]))
  chmodSync(exe, 0o755)
  writeFileSync(join(dir, 'LICENSE'), 'stand-in')
  return dir
}

/** Packs the app into `<outDir>/linux-unpacked`; rejects with electron-builder's output. */
export async function packLinuxDir(projectDir: string, outDir: string): Promise<string> {
  const electronDist = standInElectron(join(outDir, 'electron-dist'))
  const builder = join(projectDir, 'node_modules', 'electron-builder', 'cli.js')
  const args = [builder, '--config', 'electron-builder.config.cjs', '--dir', '--linux', '--x64', `-c.electronDist=${electronDist}`, `-c.directories.output=${outDir}`, '--publish', 'never']
  try {
    await promisify(execFile)(process.execPath, args, { cwd: projectDir, timeout: 240_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, GPU_DOCTOR_SMOKE_TEST_BUILD: '' } })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`electron-builder --dir failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: error })
  }
  return join(outDir, 'linux-unpacked')
}
