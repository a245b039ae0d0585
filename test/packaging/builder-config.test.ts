// The electron-builder configuration, checked the way electron-builder itself checks it (its
// scheme.json), plus the choices issue 13 asks for that a schema cannot know.
import { createRequire } from 'node:module'
import { existsSync, readFileSync } from 'node:fs'

import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const config = require('../../electron-builder.config.cjs')

function targetsOf(list: Array<{ target: string; arch: string[] }>): string[] {
  return list.flatMap((t) => t.arch.map((arch) => `${t.target}/${arch}`))
}

describe('electron-builder configuration', () => {
  it("is valid against electron-builder's own JSON schema", () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'))
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true })
    const validate = ajv.compile(schema)
    const ok = validate(config)
    expect(ajv.errorsText(validate.errors, { separator: '\n' }), 'schema errors').toBe('No errors')
    expect(ok).toBe(true)
  })

  it('rejects a misspelt option, so the schema check has teeth', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'))
    const validate = new Ajv({ strict: false, allowUnionTypes: true }).compile(schema)
    expect(validate({ ...config, nsis: { ...config.nsis, oneclick: false } })).toBe(false)
  })

  it('builds AppImage and .deb for x64 and arm64, NSIS and portable for Windows x64', () => {
    expect(targetsOf(config.linux.target)).toEqual(['AppImage/x64', 'AppImage/arm64', 'deb/x64', 'deb/arm64'])
    expect(targetsOf(config.win.target)).toEqual(['nsis/x64', 'portable/x64'])
  })

  it('installs per user on Windows, with a choice of folder and no admin rights', () => {
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: false, allowToChangeInstallationDirectory: true })
  })

  it('flips the fuses in the afterPack hook', () => {
    expect(config.afterPack).toBe('scripts/packaging/after-pack.cjs')
  })

  it('names only files that exist', () => {
    const paths = [
      config.afterPack,
      config.linux.icon,
      config.win.icon,
      config.deb.afterInstall,
      config.deb.afterRemove,
      config.nsis.include,
      ...config.extraResources.map((r: { from: string }) => r.from).filter((from: string) => !from.includes('${') && !from.startsWith('out/')),
    ]
    expect(paths.filter((p) => !existsSync(p))).toEqual([])
  })
})
