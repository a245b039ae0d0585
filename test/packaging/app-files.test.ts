// The package's contents: the same `files`/`extraResources` rules electron-builder applies, packed
// into a real ASAR from the built out/ (see app-contents.ts for how it mirrors electron-builder).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { extraResourceFiles, packAppAsar, productionModuleDirs } from './app-contents'

const require = createRequire(import.meta.url)
const config = require('../../electron-builder.config.cjs')
const projectDir = resolve(import.meta.dirname, '..', '..')
const pkg = require('../../package.json') as { dependencies: Record<string, string>; devDependencies: Record<string, string> }

let asarEntries: string[] = []
let work = ''

beforeAll(async () => {
  // The packages are built from out/: main and preload by electron-vite, renderer and CLI by `npm run build`.
  if (!existsSync(join(projectDir, 'out', 'main', 'index.js')) || !existsSync(join(projectDir, 'out', 'preload', 'index.cjs'))) {
    execFileSync('npx', ['electron-vite', 'build'], { cwd: projectDir, stdio: 'ignore', timeout: 120_000 })
  }
  work = mkdtempSync(join(tmpdir(), 'gpu-doctor-asar-'))
  asarEntries = await packAppAsar(projectDir, config, join(work, 'app.asar'))
}, 180_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('app.asar', () => {
  it('holds the built main, preload and renderer, and the package.json that names the entry', () => {
    expect(asarEntries).toEqual(expect.arrayContaining(['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']))
    expect(asarEntries.some((p) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(p))).toBe(true)
    expect(pkg).toMatchObject({ main: 'out/main/index.js' })
  })

  it("holds every package the main process imports at run time", () => {
    const bundle = require('node:fs').readFileSync(join(projectDir, 'out', 'main', 'index.js'), 'utf8') as string
    const imported = [...bundle.matchAll(/from "([^".][^"]*)"/g)].map((m) => m[1]!).filter((m) => !m.startsWith('node:') && m !== 'electron')
    expect(imported.length).toBeGreaterThan(0)
    for (const name of new Set(imported.map((m) => (m.startsWith('@') ? m.split('/').slice(0, 2) : m.split('/').slice(0, 1)).join('/')))) {
      expect(asarEntries, name).toContain(`/node_modules/${name}/package.json`)
    }
  })

  it('holds no source, test, fixture or source map', () => {
    const offending = asarEntries.filter(
      (p) =>
        /^\/(src|test|e2e|e2e-electron|scripts|docs|resources|dist)\//.test(p) ||
        /\.(map|tsx?)$/.test(p) && !p.endsWith('.d.ts') ||
        /\/(fixtures?|__tests__)\//.test(p) ||
        /\.(test|spec)\.[cm]?[jt]s$/.test(p),
    )
    expect(offending).toEqual([])
  })

  it('holds no development dependency', () => {
    const production = new Set(productionModuleDirs(projectDir).values())
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => !production.has(name))
    expect(devOnly).toEqual(expect.arrayContaining(['electron', 'electron-builder', 'vitest', 'typescript', '@playwright/test']))
    const packed = devOnly.filter((name) => asarEntries.some((p) => p.startsWith(`/node_modules/${name}/`)))
    expect(packed).toEqual([])
  })
})

describe('resources/ beside app.asar', () => {
  const linux = extraResourceFiles(projectDir, config, { os: 'linux', arch: 'x64' })

  it('holds the probe, every data table and the report schema as plain files', () => {
    expect(linux).toEqual(
      expect.arrayContaining([
        'probe/gpu_doctor_probe.py',
        'report.schema.json',
        'data/cuda-drivers.json',
        'data/driver-branches.json',
        'data/gpus.json',
        'data/images.json',
        'data/pytorch-releases.json',
        'renderer/index.html',
      ]),
    )
    expect(linux.filter((p) => /__pycache__|\.pyc$|\.map$/.test(p))).toEqual([])
  })

  it('takes the CLI executable for the target from dist/cli/<os>-<arch>', () => {
    const cli = config.extraResources.find((r: { to: string }) => r.to === 'cli')
    expect(cli).toMatchObject({ from: 'dist/cli/${os}-${arch}', filter: ['gpu-doctor', 'gpu-doctor.exe'] })
  })
})
