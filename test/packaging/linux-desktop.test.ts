// The .desktop entry and AppStream metainfo of the .deb, validated by Debian's own tools, and the
// .deb's install scripts as electron-builder will expand them.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const config = require('../../electron-builder.config.cjs')
const { parseDesktopEntry } = require('../../scripts/packaging/desktop-entry.cjs')

const DESKTOP = 'resources/linux/gpu-doctor.desktop'
const METAINFO = 'resources/linux/io.github.gpudoctor.GpuDoctor.metainfo.xml'

function run(cmd: string, args: string[]) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', timeout: 30_000 })
  if (result.error) throw new Error(`${cmd} could not run (${result.error.message}); install it with: bash scripts/setup.sh --test`)
  return result
}

describe('Linux desktop integration', () => {
  it('the .desktop entry passes desktop-file-validate', () => {
    const result = run('desktop-file-validate', [DESKTOP])
    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('is in System and Monitor, with keywords in English and Chinese, and is what the package installs', () => {
    const entry = parseDesktopEntry(readFileSync(DESKTOP, 'utf8'))
    expect(entry.Categories).toBe('System;Monitor;')
    expect(entry.Keywords).toMatch(/GPU;.*CUDA;.*PyTorch;/)
    expect(entry['Keywords[zh_CN]']).toMatch(/显卡;.*诊断;/)
    expect(entry.Icon).toBe(config.linux.executableName)
    expect(entry.StartupWMClass).toBe(config.extraMetadata.desktopName.replace(/\.desktop$/, ''))
    const { Exec: _exec, ...rest } = entry
    expect(config.linux.desktop.entry).toEqual(rest)
  })

  it('the AppStream metainfo passes appstreamcli validate --no-net and ships in /usr/share/metainfo', () => {
    const result = run('appstreamcli', ['validate', '--no-net', METAINFO])
    expect(result.status, result.stdout + result.stderr).toBe(0)
    expect(result.stdout).not.toMatch(/^[EW]:/m)
    const xml = readFileSync(METAINFO, 'utf8')
    expect(xml).toContain('<launchable type="desktop-id">gpu-doctor-desktop.desktop</launchable>')
    expect(config.deb.fpm).toEqual([expect.stringMatching(/io\.github\.gpudoctor\.GpuDoctor\.metainfo\.xml=\/usr\/share\/metainfo\/io\.github\.gpudoctor\.GpuDoctor\.metainfo\.xml$/)])
  })

  it('the install scripts expand like electron-builder expands them, parse, and link the CLI onto PATH', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-deb-'))
    try {
      // FpmTarget's writeConfigFile: ${name} must be one of these, else electron-builder stops.
      const macros: Record<string, string> = { executable: 'gpu-doctor-desktop', sanitizedProductName: 'GPU Doctor', productFilename: 'GPU Doctor' }
      for (const [script, line] of [
        [config.deb.afterInstall, "ln -sf '/opt/GPU Doctor/resources/cli/gpu-doctor' '/usr/bin/gpu-doctor'"],
        [config.deb.afterRemove, "rm -f '/usr/bin/gpu-doctor'"],
      ] as const) {
        const text = readFileSync(script, 'utf8').replace(/\$\{([a-zA-Z]+)\}/g, (_m, name: string) => {
          if (!(name in macros)) throw new Error(`${script}: electron-builder does not define \${${name}}`)
          return macros[name]!
        })
        const file = join(dir, 'script.sh')
        writeFileSync(file, text)
        execFileSync('bash', ['-n', file])
        expect(text).toContain(line)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
