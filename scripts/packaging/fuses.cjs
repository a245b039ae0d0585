// The Electron fuses of a packaged GPU Doctor (docs: electronjs.org/docs/latest/tutorial/fuses).
'use strict'

const { FuseV1Options, FuseVersion } = require('@electron/fuses')

/**
 * Release: the binary cannot be run as Node, takes no --inspect, reads NODE_OPTIONS from nowhere,
 * loads the app only from its ASAR and checks that ASAR's integrity.
 * The smoke-test build differs in one fuse only: Playwright's _electron.launch passes --inspect=0,
 * which a binary with EnableNodeCliInspectArguments off never answers.
 */
function fuseConfig({ smokeTest = false } = {}) {
  return {
    version: FuseVersion.V1,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: smokeTest,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  }
}

/** GPU_DOCTOR_SMOKE_TEST_BUILD=1 builds the package the Electron smoke test launches. */
function isSmokeTestBuild(env = process.env) {
  return env.GPU_DOCTOR_SMOKE_TEST_BUILD === '1'
}

module.exports = { fuseConfig, isSmokeTestBuild }
