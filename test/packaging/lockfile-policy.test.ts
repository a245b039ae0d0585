import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

// The offline supply-chain check `npm test` runs: the real script on a copy of the real lockfile,
// clean and with one violation planted at a time.
const ROOT = resolve(import.meta.dirname, '../..')
const SCRIPT = join(ROOT, 'scripts/check-lockfile.mjs')

type Lock = { packages: Record<string, Record<string, unknown>> }

const projectLock = () => JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock

/** The script on a copy of the project (no git there), with `plant` applied; `base`: the lockfile to compare integrity with. */
function check(plant?: (lock: Lock, pkg: Record<string, Record<string, string>>) => void, npmrc: string = readFileSync(join(ROOT, '.npmrc'), 'utf8'), base?: Lock) {
  const dir = mkdtempSync(join(tmpdir(), 'gd-lock-'))
  const lock = projectLock()
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>
  plant?.(lock, pkg)
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock))
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg))
  writeFileSync(join(dir, '.npmrc'), npmrc)
  const baseArgs = base ? ['--base-lockfile', join(dir, 'base-lock.json')] : []
  if (base) writeFileSync(join(dir, 'base-lock.json'), JSON.stringify(base))
  const r = spawnSync(process.execPath, [SCRIPT, dir, ...baseArgs], { encoding: 'utf8', timeout: 20_000 })
  return { code: r.status, out: r.stdout + r.stderr }
}

describe('lockfile policy (scripts/check-lockfile.mjs)', () => {
  it("passes on the project's own lockfile", () => {
    const r = check()
    expect(r.out).toMatch(/Lockfile policy passed: \d{3,} packages pinned with sha512 hashes/)
    expect(r.code).toBe(0)
  })

  it.each([
    ['a package with an install script that is not on the allowed list', (l: Lock) => (l.packages['node_modules/zod']!.hasInstallScript = true), /node_modules\/zod@[\d.]+ runs an install script and is not on the allowed list/],
    ['a package from another host', (l: Lock) => (l.packages['node_modules/ws']!.resolved = 'https://evil.example/ws-8.0.0.tgz'), /node_modules\/ws resolves to https:\/\/evil\.example\/ws-8\.0\.0\.tgz, outside https:\/\/registry\.npmjs\.org\//],
    ['a package from a host that starts like the registry', (l: Lock) => (l.packages['node_modules/ws']!.resolved = `https://registry.npmjs.org.evil.com/ws/-/ws-${l.packages['node_modules/ws']!.version as string}.tgz`), /node_modules\/ws resolves to https:\/\/registry\.npmjs\.org\.evil\.com\//],
    ['a package from the registry\'s host as a user name', (l: Lock) => (l.packages['node_modules/ws']!.resolved = `https://registry.npmjs.org@evil.com/ws/-/ws-${l.packages['node_modules/ws']!.version as string}.tgz`), /node_modules\/ws resolves to https:\/\/registry\.npmjs\.org@evil\.com\//],
    ['a package whose tarball is another package\'s', (l: Lock) => (l.packages['node_modules/ws']!.resolved = 'https://registry.npmjs.org/evil/-/evil-1.0.0.tgz'), /node_modules\/ws resolves to https:\/\/registry\.npmjs\.org\/evil\/-\/evil-1\.0\.0\.tgz, not https:\/\/registry\.npmjs\.org\/ws\/-\/ws-/],
    ['a package that records no resolved URL (.npmrc alone would decide where it comes from)', (l: Lock) => delete l.packages['node_modules/ws']!.resolved, /node_modules\/ws records no resolved URL/],
    [
      'two copies of one name@version with different hashes',
      (l: Lock) => (l.packages['node_modules/some/node_modules/ws'] = { ...l.packages['node_modules/ws']!, integrity: `sha512-${'A'.repeat(86)}==` }),
      /node_modules\/some\/node_modules\/ws \(ws@[\d.]+\) has another integrity hash than node_modules\/ws/,
    ],
    ['a package without its integrity hash', (l: Lock) => delete l.packages['node_modules/uplot']!.integrity, /node_modules\/uplot has no sha512 integrity hash/],
    ['a package whose version is a range', (l: Lock) => (l.packages['node_modules/zustand']!.version = '^5.0.0'), /node_modules\/zustand has no exact version/],
    ['a package linked from a folder', (l: Lock) => (l.packages['node_modules/local-thing'] = { link: true, resolved: '../thing' }), /node_modules\/local-thing is a link/],
    [
      'a dependency from git, also added to the lockfile',
      (l: Lock, p: Record<string, Record<string, string>>) => {
        p.dependencies!.leftpad = 'github:someone/left-pad'
        ;(l.packages['']!.dependencies as Record<string, string>).leftpad = 'github:someone/left-pad'
      },
      /dependencies\.leftpad comes from "github:someone\/left-pad", not the npm registry/,
    ],
    ['package.json ahead of the lockfile', (_l: Lock, p: Record<string, Record<string, string>>) => (p.dependencies!.ws = '^9.0.0'), /dependencies\.ws is "\^9\.0\.0" in package\.json but "\^8[^"]*" in package-lock\.json/],
  ])('fails on %s, naming it', (_name, plant, said) => {
    const r = check(plant)
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/Lockfile policy: 1 violation\(s\)/)
    expect(r.out).toMatch(said)
  })

  it('fails when the project .npmrc points npm at another registry', () => {
    const r = check(undefined, 'registry=https://mirror.example/npm/\n')
    expect(r.code).toBe(1)
    expect(r.out).toContain('.npmrc points npm at https://mirror.example/npm/')
  })

  it.each([
    ['registry=https://registry.npmjs.org.evil.com/', 'its host is registry.npmjs.org.evil.com'],
    ['registry=https://registry.npmjs.org@evil.com/', 'carries a user name or password'],
    ['registry = "https://registry.npmjs.org.evil.com/"', 'its host is registry.npmjs.org.evil.com'],
    ['@corp:registry=https://registry.npmjs.org:8443/', 'names port 8443'],
    ['registry=http://registry.npmjs.org/', 'http: is not https:'],
  ])('fails on the .npmrc line %s: the URL is parsed and its host compared exactly', (line, why) => {
    const r = check(undefined, `${line}\n`)
    expect(r.code).toBe(1)
    expect(r.out).toContain(why)
  })

  it('fails when an integrity hash changed against the base lockfile without a version change, passes when the version changed too', () => {
    const swapped = check((l) => (l.packages['node_modules/ws']!.integrity = `sha512-${'B'.repeat(86)}==`), undefined, projectLock())
    expect(swapped.code).toBe(1)
    expect(swapped.out).toMatch(/node_modules\/ws@[\d.]+ changed its integrity hash without a version change/)
    const base = projectLock()
    base.packages['node_modules/ws']!.version = '8.0.0'
    base.packages['node_modules/ws']!.integrity = `sha512-${'C'.repeat(86)}==`
    expect(check(undefined, undefined, base).code).toBe(0)
  })
})
