// electron-builder afterPack hook: flips the fuses before the binary is signed and archived.
'use strict'

const { fuseConfig, isSmokeTestBuild } = require('./fuses.cjs')

module.exports = async function afterPack(context) {
  const smokeTest = isSmokeTestBuild()
  if (smokeTest) console.log('gpu-doctor: smoke-test build: --inspect stays allowed for Playwright; do not ship this package')
  // electron-builder's documented way to flip fuses from a hook (AfterPackContext.packager.addElectronFuses).
  await context.packager.addElectronFuses(context, fuseConfig({ smokeTest }))
}
