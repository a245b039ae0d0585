// Where there is no Electron binary (our build machines), `npm run dist` and `npm run test:electron`
// stop at once with one line that says so, and a non-zero exit.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { electronBinary } from '../../scripts/packaging/require-electron.mjs'

const projectDir = resolve(import.meta.dirname, '..', '..')
const haveElectron = electronBinary() !== null

describe('without the Electron binary', () => {
  it.skipIf(haveElectron).each(['dist', 'test:electron'])('npm run %s prints one line and fails', (script) => {
    const result = spawnSync('npm', ['run', '--silent', script], { cwd: projectDir, encoding: 'utf8', timeout: 60_000 })
    const lines = `${result.stdout}${result.stderr}`.trim().split('\n')
    expect(lines).toEqual([`gpu-doctor: npm run ${script} needs the Electron binary, which is not installed here (run "npx install-electron" where it can be downloaded; the release workflow does)`])
    expect(result.status).not.toBe(0)
  })

  it('finds a binary named by ELECTRON_OVERRIDE_DIST_PATH or GPU_DOCTOR_ELECTRON_APP, and none in an empty folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-electron-'))
    try {
      expect(electronBinary({ ELECTRON_OVERRIDE_DIST_PATH: dir })).toBeNull()
      mkdirSync(join(dir, 'app'))
      const fake = join(dir, process.platform === 'win32' ? 'electron.exe' : 'electron')
      writeFileSync(fake, '')
      expect(electronBinary({ ELECTRON_OVERRIDE_DIST_PATH: dir })).toBe(fake)
      expect(electronBinary({ GPU_DOCTOR_ELECTRON_APP: fake })).toBe(fake)
      expect(electronBinary({ GPU_DOCTOR_ELECTRON_APP: join(dir, 'missing') })).toBeNull()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
