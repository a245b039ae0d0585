// Stops `npm run dist` and `npm run test:electron` with one line when there is no Electron binary
// to run (build machines that cannot download it). Exit 0 when there is one.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createRequire } from 'node:module'

/** The Electron executable this checkout would run, or null; never starts a download. */
export function electronBinary(env = process.env) {
  if (env.GPU_DOCTOR_ELECTRON_APP) return existsSync(env.GPU_DOCTOR_ELECTRON_APP) ? env.GPU_DOCTOR_ELECTRON_APP : null
  let pkgDir
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathFile = join(pkgDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative ?? (process.platform === 'win32' ? 'electron.exe' : 'electron'))
    return existsSync(candidate) ? candidate : null
  }
  if (relative === null) return null
  const candidate = join(pkgDir, 'dist', relative)
  return existsSync(candidate) ? candidate : null
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const what = process.argv[2] ?? 'this command'
  if (electronBinary() === null) {
    console.error(`gpu-doctor: ${what} needs the Electron binary, which is not installed here (run "npx install-electron" where it can be downloaded; the release workflow does)`)
    process.exit(1)
  }
}
