// Builds the CLI as one executable with Node inside (a Node single executable application), so the
// installed app gives `gpu-doctor` on the command line without a separate Node.js, and without
// running the Electron binary as Node (its RunAsNode fuse is off).
//   node scripts/build-cli-sea.mjs  →  dist/cli/<os>-<arch>/gpu-doctor[.exe]
// <os>-<arch> is electron-builder's naming (linux-x64, linux-arm64, win-x64), which its
// extraResources rule picks up. The Node that runs this script is the one inside the executable,
// so build on the target platform (the release workflow does: one runner per platform).
// https://nodejs.org/api/single-executable-applications.html
import { execFileSync } from 'node:child_process'
import { copyFileSync, chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const { inject } = require('postject')

const BUNDLE = 'out/cli/gpu-doctor.cjs'
// The sentinel every Node binary carries for SEA (documented with the build steps above).
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
const OS = { linux: 'linux', win32: 'win', darwin: 'mac' }[process.platform]

if (!existsSync(BUNDLE)) {
  console.error(`gpu-doctor: ${BUNDLE} is missing; run npm run build:cli first`)
  process.exit(1)
}
const outDir = join('dist', 'cli', `${OS}-${process.arch}`)
const exe = join(outDir, process.platform === 'win32' ? 'gpu-doctor.exe' : 'gpu-doctor')
const blob = join('dist', 'cli', 'sea-prep.blob')
const seaConfig = join('dist', 'cli', 'sea-config.json')
mkdirSync(outDir, { recursive: true })
rmSync(exe, { force: true })

// Inside a SEA, require() loads built-ins only and warns on anything else; the bundle's one
// optional require (ssh2's native cpu-features) must fail quietly, as it does beside node_modules.
const PRELUDE = `require = ((builtin) => (id) => {
  if (builtin('node:module').isBuiltin(id)) return builtin(id)
  throw Object.assign(new Error(\`Cannot find module '\${id}'\`), { code: 'MODULE_NOT_FOUND' })
})(require);
`
// The bundle's #!/usr/bin/env node line goes: it is only valid as a file's first line.
const main = join('dist', 'cli', 'gpu-doctor.sea.cjs')
writeFileSync(main, PRELUDE + readFileSync(BUNDLE, 'utf8').replace(/^#!.*\n/, ''))
writeFileSync(seaConfig, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false }, null, 2))
execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], { stdio: 'inherit', timeout: 120_000 })

copyFileSync(process.execPath, exe)
chmodSync(exe, 0o755)
await inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), {
  sentinelFuse: SEA_FUSE,
  ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
})
for (const file of [blob, seaConfig, main]) rmSync(file, { force: true })
console.log(`gpu-doctor: built ${exe} (Node ${process.version} inside)`)
