#!/usr/bin/env node
// Supply-chain policy of package-lock.json, checked offline (npm audit needs the advisory service):
// - every package is pinned: an exact version and a sha512 integrity hash, never a link, git, file or tarball URL;
// - packages come from the npm registry only: every entry records its `resolved` tarball URL, exactly
//   https://registry.npmjs.org/<name>/-/<name>-<version>.tgz, and a project .npmrc may point npm nowhere else
//   (URLs parsed, the host compared exactly: registry.npmjs.org.evil.com and registry.npmjs.org@evil.com fail);
// - an integrity hash changes only with its version: one hash per name@version in the lockfile, and none
//   changed against the base lockfile (--base-lockfile FILE, or git: --base REF, else the merge-base with
//   main, else HEAD);
// - only the packages listed below may run an install script (npm runs it at `npm ci`, with the user's rights);
// - package.json and the lockfile agree (npm ci would refuse otherwise, but say it here, before anything installs).
// Usage: node scripts/check-lockfile.mjs [project folder] [--base REF | --base-lockfile FILE]  (exit 1 with one line per violation)
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export const REGISTRY = 'https://registry.npmjs.org/'
const REGISTRY_HOST = 'registry.npmjs.org'

/** Why `value` is not the npm registry's address (parsed: scheme, host exactly, no user, port or path), or null. */
export function registryUrlProblem(value) {
  if (!URL.canParse(value)) return 'not a URL'
  const url = new URL(value)
  if (url.protocol !== 'https:') return `${url.protocol} is not https:`
  if (url.username || url.password) return 'it carries a user name or password'
  if (url.hostname !== REGISTRY_HOST) return `its host is ${url.hostname}, not ${REGISTRY_HOST}`
  if (url.port) return `it names port ${url.port}`
  return null
}

/** The tarball URL npm writes for a registry package: https://registry.npmjs.org/@s/b/-/b-1.0.0.tgz. */
export function tarballUrl(name, version) {
  return `${REGISTRY}${name}/-/${name.slice(name.lastIndexOf('/') + 1)}-${version}.tgz`
}

/** Packages allowed to run an install script, and why they need one. */
export const INSTALL_SCRIPTS_ALLOWED = {
  'cpu-features': 'optional native build for ssh2 (falls back to JavaScript when it fails)',
  'electron-winstaller': 'electron-builder: copies its Windows vendor tools',
  'es5-ext': 'prints a notice (postinstall), no build',
  esbuild: 'checks that its platform binary package is installed',
  koffi: 'picks its prebuilt native module for the platform (NVML binding)',
  protobufjs: 'prints a notice (postinstall), no build',
  ssh2: 'optional native crypto binding (falls back to JavaScript)',
}

/** The package's name from its lockfile key: "node_modules/a/node_modules/@s/b" → "@s/b". */
function nameOf(key) {
  const at = key.lastIndexOf('node_modules/')
  return at < 0 ? key : key.slice(at + 'node_modules/'.length)
}

const NOT_FROM_REGISTRY = /^(?:git\+|git:|github:|gitlab:|bitbucket:|file:|link:|https?:|[^@/]+\/[^@/]+$)/

/** Every violation of the policy, one line each; [] when the lockfile keeps it. */
export function lockfileViolations({ lock, pkg, npmrc = '', base = null }) {
  const problems = []
  if (lock.lockfileVersion !== 3) problems.push(`lockfileVersion is ${lock.lockfileVersion}: expected 3 (npm 9 or later)`)
  const packages = lock.packages ?? {}
  const root = packages[''] ?? {}
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const declared = pkg[field] ?? {}
    const locked = root[field] ?? {}
    for (const [name, spec] of Object.entries(declared)) {
      if (locked[name] !== spec) problems.push(`${field}.${name} is "${spec}" in package.json but "${locked[name] ?? 'absent'}" in package-lock.json: run npm install`)
      if (NOT_FROM_REGISTRY.test(spec)) problems.push(`${field}.${name} comes from "${spec}", not the npm registry`)
    }
    for (const name of Object.keys(locked)) if (!(name in declared)) problems.push(`${field}.${name} is in package-lock.json but not in package.json: run npm install`)
  }
  for (const [key, entry] of Object.entries(packages)) {
    if (key === '') continue
    const name = nameOf(key)
    if (entry.link) {
      problems.push(`${key} is a link to ${entry.resolved}, not a package from the registry`)
      continue
    }
    const exact = typeof entry.version === 'string' && /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/.test(entry.version)
    if (!exact) problems.push(`${key} has no exact version (${entry.version ?? 'none'})`)
    if (typeof entry.integrity !== 'string' || !/^sha512-[A-Za-z0-9+/]{86}==$/.test(entry.integrity)) problems.push(`${key} has no sha512 integrity hash (${entry.integrity ?? 'none'})`)
    const expected = tarballUrl(entry.name ?? name, entry.version)
    if (entry.resolved === undefined) problems.push(`${key} records no resolved URL (expected ${expected}): run npm install with the project's .npmrc`)
    else if (typeof entry.resolved !== 'string' || registryUrlProblem(entry.resolved) !== null) problems.push(`${key} resolves to ${entry.resolved}, outside ${REGISTRY}`)
    else if (exact && entry.resolved !== expected) problems.push(`${key} resolves to ${entry.resolved}, not ${expected}`)
    if (entry.hasInstallScript && !Object.hasOwn(INSTALL_SCRIPTS_ALLOWED, name)) {
      problems.push(`${key}@${entry.version} runs an install script and is not on the allowed list (scripts/check-lockfile.mjs): review it, then add it with the reason`)
    }
  }
  for (const line of npmrc.split(/\r?\n/)) {
    const m = /^\s*(?:@[^:=\s]+:)?registry\s*=\s*(.*?)\s*$/.exec(line)
    if (!m) continue
    const value = m[1].replace(/^(["'])(.*)\1$/, '$2')
    const why = registryUrlProblem(value)
    if (why) problems.push(`.npmrc points npm at ${value}, not ${REGISTRY} (${why})`)
  }
  problems.push(...integrityChanges(packages, base?.packages ?? null))
  return problems
}

/**
 * A hash that changed while its version did not is a package swapped under the same name: one hash
 * per name@version in the lockfile, and the same hash as the base lockfile's for the same entry.
 */
function integrityChanges(packages, basePackages) {
  const problems = []
  const seen = new Map()
  for (const [key, entry] of Object.entries(packages)) {
    if (key === '' || entry.link || typeof entry.integrity !== 'string') continue
    const id = `${entry.name ?? nameOf(key)}@${entry.version}`
    const first = seen.get(id)
    if (first === undefined) seen.set(id, { key, integrity: entry.integrity })
    else if (first.integrity !== entry.integrity) problems.push(`${key} (${id}) has another integrity hash than ${first.key}: the same version must be the same package`)
  }
  if (basePackages === null) return problems
  for (const [key, entry] of Object.entries(packages)) {
    const before = basePackages[key]
    if (key === '' || !before || entry.link || (entry.name ?? nameOf(key)) !== (before.name ?? nameOf(key)) || entry.version !== before.version) continue
    if (typeof before.integrity === 'string' && entry.integrity !== before.integrity) {
      problems.push(`${key}@${entry.version} changed its integrity hash without a version change (base lockfile: ${before.integrity})`)
    }
  }
  return problems
}

/** package-lock.json at a git commit of `dir`'s repository: --base REF, else the merge-base with main, else HEAD; null outside git. */
function baseLockfile(dir, ref) {
  const git = (...args) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000, maxBuffer: 64 * 1024 * 1024 }).trim()
  const candidates = ref ? [() => ref] : [() => git('merge-base', 'HEAD', 'origin/main'), () => git('merge-base', 'HEAD', 'main'), () => 'HEAD']
  for (const candidate of candidates) {
    try {
      const commit = candidate()
      return { name: `git ${commit}`, lock: JSON.parse(git('show', `${commit}:./package-lock.json`)) }
    } catch {
      if (ref) throw new Error(`no package-lock.json at ${ref}`)
    }
  }
  return null
}

function main() {
  const args = process.argv.slice(2)
  const option = (name) => {
    const at = args.indexOf(name)
    return at < 0 ? undefined : args.splice(at, 2)[1]
  }
  const baseFile = option('--base-lockfile')
  const baseRef = option('--base')
  const dir = resolve(args[0] ?? '.')
  const read = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'))
  let problems
  try {
    const npmrc = existsSync(join(dir, '.npmrc')) ? readFileSync(join(dir, '.npmrc'), 'utf8') : ''
    const base = baseFile !== undefined ? { lock: JSON.parse(readFileSync(baseFile, 'utf8')) } : baseLockfile(dir, baseRef)
    problems = lockfileViolations({ lock: read('package-lock.json'), pkg: read('package.json'), npmrc, base: base?.lock ?? null })
  } catch (error) {
    problems = [`cannot read package.json / package-lock.json in ${dir}: ${error instanceof Error ? error.message : String(error)}`]
  }
  if (problems.length > 0) {
    console.error(`Lockfile policy: ${problems.length} violation(s)`)
    for (const p of problems) console.error(`  - ${p}`)
    process.exit(1)
  }
  const count = Object.keys(read('package-lock.json').packages).length - 1
  console.log(`Lockfile policy passed: ${count} packages pinned with sha512 hashes from ${REGISTRY}; install scripts only from ${Object.keys(INSTALL_SCRIPTS_ALLOWED).length} allowed packages.`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()
