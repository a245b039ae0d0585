// The fuses the afterPack hook burns into the packaged binary (no binary needed to check the choice).
import { createRequire } from 'node:module'

import { FuseV1Options, FuseVersion } from '@electron/fuses'
import { describe, expect, it, vi } from 'vitest'

const require = createRequire(import.meta.url)
const { fuseConfig, isSmokeTestBuild } = require('../../scripts/packaging/fuses.cjs')
const afterPack = require('../../scripts/packaging/after-pack.cjs')

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
