// The NSIS include (nsis.include) compiled by makensis (Debian's nsis), its macros inserted as
// electron-builder's installer does: customInstall in the install section, customUnInstall in
// the uninstaller. Warnings are errors. Running the installer needs Windows (the release workflow).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const config = require('../../electron-builder.config.cjs')

const HARNESS = `Unicode true
!include LogicLib.nsh
!include FileFunc.nsh
OutFile "harness.exe"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\\Programs\\GPU Doctor"
!include "installer.nsh"
Section "install"
  !insertmacro customInstall
  WriteUninstaller "$INSTDIR\\uninstall.exe"
SectionEnd
Section "Uninstall"
  !insertmacro customUnInstall
SectionEnd
`

function compile(include: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-nsis-'))
  try {
    writeFileSync(join(dir, 'harness.nsi'), HARNESS)
    writeFileSync(join(dir, 'installer.nsh'), include)
    const result = spawnSync('makensis', ['-V2', '-WX', 'harness.nsi'], { cwd: dir, encoding: 'utf8', timeout: 60_000 })
    if (result.error) throw new Error(`makensis could not run (${result.error.message}); install it with: bash scripts/setup.sh --test`)
    return { status: result.status, output: `${result.stdout}${result.stderr}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('Windows installer additions', () => {
  const include = readFileSync(config.nsis.include, 'utf8')

  it('compile with makensis, warnings as errors', () => {
    const result = compile(include)
    expect(result.output).not.toMatch(/warning|error/i)
    expect(result.status).toBe(0)
  })

  it('a broken include does not, so the check has teeth', () => {
    expect(compile(include.replace('${EndIf}', '')).status).not.toBe(0)
  })

  it('offer the PATH entry (asked, or /ADDTOPATH when silent) for resources\\cli and take it off on uninstall', () => {
    expect(include).toMatch(/MessageBox MB_YESNO[^\n]*PATH/)
    expect(include).toContain('"/ADDTOPATH"')
    expect(include).toContain('$INSTDIR\\resources\\cli')
    expect(include).toMatch(/!macro customUnInstall\s+!insertmacro gpuDoctorEditUserPath "remove"/)
  })
})
