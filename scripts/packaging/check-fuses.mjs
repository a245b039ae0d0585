// Reads the fuses back from a packaged app and compares them with the release set
// (scripts/packaging/fuses.cjs). Usage: node scripts/packaging/check-fuses.mjs dist/packages/linux-unpacked
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'

const require = createRequire(import.meta.url)
const { fuseConfig } = require('./fuses.cjs')

/** The app's executable in an unpacked folder (electron-builder's names for it). */
export function packagedExecutable(unpackedDir) {
  return ['gpu-doctor-desktop', 'GPU Doctor.exe'].map((name) => join(unpackedDir, name)).find((p) => existsSync(p)) ?? null
}

/** One line per fuse whose state differs from the release set; empty when all match. */
export async function fuseMismatches(executable, expected = fuseConfig()) {
  const wire = await getCurrentFuseWire(executable)
  const problems = []
  for (const [key, want] of Object.entries(expected)) {
    if (key === 'version') continue
    const byte = wire[Number(key)]
    const actual = byte === 0x31 ? true : byte === 0x30 ? false : `byte ${byte}`
    if (actual !== want) problems.push(`${FuseV1Options[Number(key)]}: ${actual}, should be ${want}`)
  }
  return problems
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const dir = process.argv[2] ?? 'dist/packages/linux-unpacked'
  const exe = packagedExecutable(dir)
  if (exe === null) {
    console.error(`gpu-doctor: no packaged app in ${dir}`)
    process.exit(1)
  }
  const problems = await fuseMismatches(exe)
  for (const line of problems) console.error(`gpu-doctor: fuse ${line} in ${exe}`)
  if (problems.length > 0) process.exit(1)
  console.log(`gpu-doctor: the fuses of ${exe} are the release set`)
}
