// What the package holds, from a real electron-builder run on the built out/ (stand-in-electron.ts):
// app.asar read back with @electron/asar, resources/ listed, the fuses read back.
import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { fuseMismatches } from '../../scripts/packaging/check-fuses.mjs'
import { packLinuxDir } from './stand-in-electron'

const require = createRequire(import.meta.url)
const asar = require('@electron/asar') as typeof import('@electron/asar')
const projectDir = resolve(import.meta.dirname, '..', '..')
const pkg = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }

// electron-builder finds production dependencies with `npm ls`, which cannot follow a node_modules
// that is a symlink into another checkout (a git worktree sharing one): it reports them missing.
const sharedNodeModules = lstatSync(join(projectDir, 'node_modules')).isSymbolicLink()

let work = ''
let unpacked = ''
let asarEntries: string[] = []
let resources: string[] = []

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join('/'))
    .sort()
}

/** Names of packages in app.asar's node_modules, at any depth. */
function packedModules(): Set<string> {
  const names = new Set<string>()
  for (const entry of asarEntries) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(entry)
    if (match) names.add(match[1]!)
  }
  return names
}

/** Production dependencies and theirs, by name, as Node would resolve them from the project. */
function productionClosure(): Set<string> {
  const names = new Set<string>()
  const visit = (deps: Record<string, string> | undefined) => {
    for (const name of Object.keys(deps ?? {})) {
      if (names.has(name)) continue
      const file = join(projectDir, 'node_modules', name, 'package.json')
      if (!existsSync(file)) continue
      names.add(name)
      const dep = JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> }
      visit(dep.dependencies)
    }
  }
  visit(pkg.dependencies)
  return names
}

beforeAll(async () => {
  if (sharedNodeModules) return
  // The package is built from out/ and dist/cli, as `npm run dist` does.
  if (!existsSync(join(projectDir, 'out', 'main', 'index.js'))) execFileSync('npx', ['electron-vite', 'build'], { cwd: projectDir, stdio: 'ignore', timeout: 120_000 })
  if (!existsSync(join(projectDir, 'out', 'cli', 'gpu-doctor.cjs'))) execFileSync('npm', ['run', 'build'], { cwd: projectDir, stdio: 'ignore', timeout: 180_000 })
  if (!existsSync(join(projectDir, 'dist', 'cli', 'renderer', 'index.html')) || !existsSync(join(projectDir, 'dist', 'cli', 'linux-x64', 'gpu-doctor'))) {
    execFileSync(process.execPath, ['scripts/build-cli-sea.mjs'], { cwd: projectDir, stdio: 'ignore', timeout: 120_000 })
  }
  work = mkdtempSync(join(tmpdir(), 'gpu-doctor-package-'))
  unpacked = await packLinuxDir(projectDir, work)
  asarEntries = asar.listPackage(join(unpacked, 'resources', 'app.asar'), { isPack: false }).map((p) => p.split(sep).join('/'))
  resources = filesUnder(join(unpacked, 'resources'))
}, 300_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe.skipIf(process.platform !== 'linux' || sharedNodeModules)('the package electron-builder makes (linux-unpacked)', () => {
  it('app.asar holds the built main, preload and renderer, and a package.json naming the entry', () => {
    expect(asarEntries).toEqual(expect.arrayContaining(['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']))
    expect(asarEntries.some((p) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(p))).toBe(true)
    const packed = JSON.parse(asar.extractFile(join(unpacked, 'resources', 'app.asar'), 'package.json').toString('utf8')) as Record<string, unknown>
    expect(packed).toMatchObject({ main: 'out/main/index.js', desktopName: 'gpu-doctor-desktop.desktop' })
  })

  it('app.asar holds every production dependency and theirs (what the main bundle imports at run time)', () => {
    const bundle = readFileSync(join(projectDir, 'out', 'main', 'index.js'), 'utf8')
    const imported = [...bundle.matchAll(/from "([^".][^"]*)"/g)].map((m) => m[1]!).filter((m) => !m.startsWith('node:') && m !== 'electron')
    expect(imported.length).toBeGreaterThan(0)
    const packed = packedModules()
    const missing = [...productionClosure()].filter((name) => !packed.has(name))
    expect(missing).toEqual([])
    for (const spec of imported) expect(packed, spec).toContain(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])
  })

  it('app.asar holds no source, test, fixture, source map or development dependency', () => {
    const offending = asarEntries.filter(
      (p) =>
        /^\/(src|test|e2e|e2e-electron|scripts|docs|resources|dist)\//.test(p) ||
        /\.(map|tsx?|mts|cts)$/.test(p) ||
        /\/(fixtures?|__tests__)\//.test(p) ||
        /\.(test|spec)\.[cm]?[jt]s$/.test(p),
    )
    expect(offending).toEqual([])
    const production = productionClosure()
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => !production.has(name))
    expect(devOnly).toEqual(expect.arrayContaining(['electron', 'electron-builder', 'vitest', 'typescript', '@playwright/test']))
    expect(devOnly.filter((name) => packedModules().has(name))).toEqual([])
  })

  it('resources/ holds the probe, every data table, the report schema, the CLI and the UI it serves, as plain files', () => {
    expect(resources).toEqual(
      expect.arrayContaining([
        'app.asar',
        'probe/gpu_doctor_probe.py',
        'report.schema.json',
        'data/cuda-drivers.json',
        'data/driver-branches.json',
        'data/gpus.json',
        'data/gpu-expected-performance.json',
        'data/images.json',
        'data/pytorch-releases.json',
        'cli/gpu-doctor',
        'renderer/index.html',
      ]),
    )
    expect(resources.filter((p) => /__pycache__|\.pyc$|\.map$/.test(p))).toEqual([])
    expect(lstatSync(join(unpacked, 'resources', 'cli', 'gpu-doctor')).mode & 0o111).not.toBe(0)
  })

  it('the app binary carries the release fuses, flipped by the afterPack hook', async () => {
    expect(existsSync(join(unpacked, 'gpu-doctor-desktop'))).toBe(true)
    expect(await fuseMismatches(join(unpacked, 'gpu-doctor-desktop'))).toEqual([])
  })
})
