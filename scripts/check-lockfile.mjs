#!/usr/bin/env node
// Supply-chain policy of package-lock.json, checked offline (npm audit needs the advisory service):
// - every package is pinned: an exact version and a sha512 integrity hash, never a link, git, file or tarball URL;
// - packages come from the npm registry only (a `resolved` URL, where npm wrote one, is on registry.npmjs.org,
//   and no .npmrc of the project points npm elsewhere);
// - only the packages listed below may run an install script (npm runs it at `npm ci`, with the user's rights);
// - package.json and the lockfile agree (npm ci would refuse otherwise, but say it here, before anything installs).
// Usage: node scripts/check-lockfile.mjs [project folder]  (exit 1 with one line per violation)
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export const REGISTRY = 'https://registry.npmjs.org/'

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
export function lockfileViolations({ lock, pkg, npmrc = '' }) {
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
    if (typeof entry.version !== 'string' || !/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/.test(entry.version)) problems.push(`${key} has no exact version (${entry.version ?? 'none'})`)
    if (typeof entry.integrity !== 'string' || !/^sha512-[A-Za-z0-9+/]{86}==$/.test(entry.integrity)) problems.push(`${key} has no sha512 integrity hash (${entry.integrity ?? 'none'})`)
    if (entry.resolved !== undefined && !String(entry.resolved).startsWith(REGISTRY)) problems.push(`${key} resolves to ${entry.resolved}, outside ${REGISTRY}`)
    if (entry.hasInstallScript && !Object.hasOwn(INSTALL_SCRIPTS_ALLOWED, name)) {
      problems.push(`${key}@${entry.version} runs an install script and is not on the allowed list (scripts/check-lockfile.mjs): review it, then add it with the reason`)
    }
  }
  for (const line of npmrc.split(/\r?\n/)) {
    const m = /^\s*(?:@[^:]+:)?registry\s*=\s*(\S+)/.exec(line)
    if (m && !m[1].startsWith(REGISTRY.replace(/\/$/, ''))) problems.push(`.npmrc points npm at ${m[1]}, not ${REGISTRY}`)
  }
  return problems
}

function main() {
  const dir = resolve(process.argv[2] ?? '.')
  const read = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'))
  let problems
  try {
    const npmrc = existsSync(join(dir, '.npmrc')) ? readFileSync(join(dir, '.npmrc'), 'utf8') : ''
    problems = lockfileViolations({ lock: read('package-lock.json'), pkg: read('package.json'), npmrc })
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
