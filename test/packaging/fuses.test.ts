// The fuses the afterPack hook burns into the packaged binary (no binary needed to check the choice).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses'
import { describe, expect, it, vi } from 'vitest'

import { fuseMismatches, packagedExecutable } from '../../scripts/packaging/check-fuses.mjs'

const require = createRequire(import.meta.url)
const { fuseConfig, isSmokeTestBuild } = require('../../scripts/packaging/fuses.cjs')
const afterPack = require('../../scripts/packaging/after-pack.cjs')
// @electron/fuses' constants.js: the marker just before the fuse wire in every Electron binary.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

describe('Electron fuses', () => {
  it('release: no ELECTRON_RUN_AS_NODE, no --inspect, no NODE_OPTIONS, ASAR only and integrity-checked, cookies encrypted', () => {
    expect(fuseConfig()).toEqual({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    })
  })

  it('the smoke-test build differs only in allowing --inspect, which Playwright needs', () => {
    const release = fuseConfig()
    const smoke = fuseConfig({ smokeTest: true })
    expect(smoke[FuseV1Options.EnableNodeCliInspectArguments]).toBe(true)
    expect({ ...smoke, [FuseV1Options.EnableNodeCliInspectArguments]: false }).toEqual(release)
    expect(isSmokeTestBuild({})).toBe(false)
    expect(isSmokeTestBuild({ GPU_DOCTOR_SMOKE_TEST_BUILD: '1' })).toBe(true)
  })

  it('the afterPack hook hands the release fuses to electron-builder for the packed app', async () => {
    const previous = process.env['GPU_DOCTOR_SMOKE_TEST_BUILD']
    delete process.env['GPU_DOCTOR_SMOKE_TEST_BUILD']
    try {
      const addElectronFuses = vi.fn(async () => undefined)
      const context = { appOutDir: '/tmp/linux-unpacked', electronPlatformName: 'linux', packager: { addElectronFuses } }
      await afterPack(context)
      expect(addElectronFuses).toHaveBeenCalledWith(context, fuseConfig())
    } finally {
      if (previous !== undefined) process.env['GPU_DOCTOR_SMOKE_TEST_BUILD'] = previous
    }
  })
})

describe('reading the fuses back (what the release workflow runs on the packaged binary)', () => {
  /** A stand-in for an Electron binary: bytes around the fuse sentinel and a V1 wire of 9 fuses, all on. */
  function fakeElectron(dir: string): string {
    const file = join(dir, 'gpu-doctor-desktop')
    writeFileSync(file, Buffer.concat([Buffer.from('ELF…'), Buffer.from(SENTINEL), Buffer.from([1, 9]), Buffer.alloc(9, 0x31), Buffer.from('…')]))
    return file
  }

  it('finds the executable in an unpacked folder, flags a binary whose fuses were never flipped, and passes it once flipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-fuses-'))
    try {
      const exe = fakeElectron(dir)
      expect(packagedExecutable(dir)).toBe(exe)
      expect(await fuseMismatches(exe)).toEqual([
        'RunAsNode: true, should be false',
        'EnableNodeOptionsEnvironmentVariable: true, should be false',
        'EnableNodeCliInspectArguments: true, should be false',
        'GrantFileProtocolExtraPrivileges: true, should be false',
      ])
      await flipFuses(exe, fuseConfig())
      expect(await fuseMismatches(exe)).toEqual([])
      await flipFuses(exe, fuseConfig({ smokeTest: true }))
      expect(await fuseMismatches(exe)).toEqual(['EnableNodeCliInspectArguments: true, should be false'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
