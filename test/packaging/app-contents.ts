// What `electron-builder` would put into app.asar and resources/, without the Electron binary:
// the `files` rules go through electron-builder's own matcher (app-builder-lib's
// getMainFileMatchers, with its default exclusions), production node_modules are collected from
// package.json like its node-module copier (same per-module exclusions), and the ASAR is packed by
// @electron/asar, the packer electron-builder uses.
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, sep } from 'node:path'

const require = createRequire(import.meta.url)
const { getMainFileMatchers, excludedNames } = require('app-builder-lib/out/fileMatcher')
const asar = require('@electron/asar') as typeof import('@electron/asar')

type Filter = (file: string, stat: import('node:fs').Stats) => boolean

// Mirrors app-builder-lib/out/util/NodeModuleCopyHelper.js.
const MODULE_EXCLUDED = new Set(['.DS_Store', 'CHANGELOG.md', 'ChangeLog', 'changelog.md', 'Changelog.md', 'Changelog', 'binding.gyp', '.npmignore', 'node_gyp_bins', ...String(excludedNames).split(',')])
const MODULE_TOP_EXCLUDED = new Set(['karma.conf.js', '.coveralls.yml', 'README.md', 'readme.markdown', 'README', 'readme.md', 'Readme.md', 'Readme', 'readme', 'test', 'tests', '__tests__', 'powered-test', 'example', 'examples', '.bin'])
const MODULE_EXCLUDED_EXTS = ['.d.ts', '.o', '.obj', '.a', '.mk']

interface BuilderConfig {
  files: string[]
  extraResources: Array<{ from: string; to: string; filter?: string[] }>
}

/** The `files` matcher exactly as electron-builder builds it for the app folder. */
function mainFilter(projectDir: string, config: BuilderConfig): Filter {
  const info = {
    projectDir,
    buildResourcesDir: 'resources/build',
    config,
    isPrepackedAppAsar: false,
    debugLogger: { isEnabled: false },
  }
  const expand = (s: string) => s.replace(/\$\{\/\*\}/g, '{,/**/*}')
  const matchers = getMainFileMatchers(projectDir, '/app', expand, {}, { info }, join(projectDir, 'dist', 'packages'), false)
  return matchers[0].createFilter() as Filter
}

function walk(dir: string, visit: (file: string, stat: import('node:fs').Stats) => 'skip' | void): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    const stat = lstatSync(path)
    if (visit(path, stat) === 'skip') continue
    if (stat.isDirectory()) walk(path, visit)
  }
}

/** Directories of the production dependencies, resolved as Node would from the project. */
export function productionModuleDirs(projectDir: string): Map<string, string> {
  const found = new Map<string, string>()
  const visit = (fromDir: string, deps: Record<string, string>) => {
    for (const name of Object.keys(deps)) {
      let dir = fromDir
      let at: string | null = null
      for (;;) {
        const candidate = join(dir, 'node_modules', name)
        if (existsSync(join(candidate, 'package.json'))) {
          at = candidate
          break
        }
        if (dir === projectDir || dirname(dir) === dir) break
        dir = dirname(dir)
      }
      if (at === null || found.has(at)) continue
      found.set(at, name)
      const pkg = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8'))
      visit(at, { ...pkg.dependencies, ...pkg.optionalDependencies })
    }
  }
  visit(projectDir, JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')).dependencies ?? {})
  return found
}

/** Absolute paths of every file electron-builder would pack into app.asar. */
export function appFiles(projectDir: string, config: BuilderConfig): string[] {
  const filter = mainFilter(projectDir, config)
  const files: string[] = []
  walk(projectDir, (path, stat) => {
    const rel = relative(projectDir, path)
    if (rel === 'node_modules' || rel === '.git') return 'skip'
    if (!filter(path, stat)) return 'skip'
    if (stat.isFile()) files.push(path)
  })
  const excludes = config.files.filter((p) => p.startsWith('!'))
  // Like getNodeModuleFileMatcher: only the exclusions of `files` apply inside node_modules.
  const { FileMatcher } = require('app-builder-lib/out/fileMatcher')
  const moduleFilter = excludes.length === 0 ? null : (new FileMatcher(projectDir, '/app', (s: string) => s, ['**/*', ...excludes]).createFilter() as Filter)
  for (const moduleDir of productionModuleDirs(projectDir).keys()) {
    walk(moduleDir, (path, stat) => {
      const name = path.slice(path.lastIndexOf(sep) + 1)
      const topLevel = dirname(path) === moduleDir
      if (name === 'node_modules' || MODULE_EXCLUDED.has(name) || name.startsWith('._')) return 'skip'
      if (MODULE_EXCLUDED_EXTS.some((ext) => name.endsWith(ext))) return 'skip'
      if (topLevel && MODULE_TOP_EXCLUDED.has(name)) return 'skip'
      if (moduleFilter && !moduleFilter(path, stat)) return 'skip'
      if (stat.isFile()) files.push(path)
    })
  }
  return files
}

/** Packs the app's files into a real ASAR at `asarPath` and returns its listing ('/out/main/index.js', …). */
export async function packAppAsar(projectDir: string, config: BuilderConfig, asarPath: string): Promise<string[]> {
  const files = appFiles(projectDir, config)
  const metadata: Record<string, { type: 'file' | 'directory'; stat: import('node:fs').Stats }> = {}
  const withDirs = new Set<string>()
  for (const file of files) {
    metadata[file] = { type: 'file', stat: statSync(file) }
    for (let dir = dirname(file); dir.startsWith(projectDir + sep); dir = dirname(dir)) withDirs.add(dir)
  }
  for (const dir of withDirs) metadata[dir] = { type: 'directory', stat: statSync(dir) }
  const ordered = [...withDirs, ...files].sort()
  await asar.createPackageFromFiles(projectDir, asarPath, ordered, metadata as never, { unpack: '**/*.node' })
  return asar.listPackage(asarPath, { isPack: false }).map((p) => p.split(sep).join('/'))
}

/** Where each extraResources file lands under resources/ ('probe/gpu_doctor_probe.py', …), macros left in. */
export function extraResourceFiles(projectDir: string, config: BuilderConfig, macros: Record<string, string>): string[] {
  const { FileMatcher } = require('app-builder-lib/out/fileMatcher')
  const expand = (s: string) => s.replace(/\$\{(\w+)\}/g, (_m, k: string) => macros[k] ?? `\${${k}}`)
  const out: string[] = []
  for (const entry of config.extraResources) {
    const from = join(projectDir, expand(entry.from))
    if (!existsSync(from)) continue
    if (statSync(from).isFile()) {
      out.push(entry.to)
      continue
    }
    const matcher = new FileMatcher(from, entry.to, expand, entry.filter ?? ['**/*'])
    const filter = matcher.createFilter() as Filter
    walk(from, (path, stat) => {
      if (!filter(path, stat)) return 'skip'
      if (stat.isFile()) out.push(`${entry.to}/${relative(from, path).split(sep).join('/')}`)
    })
  }
  return out.sort()
}
