// Builds the CLI as one executable with Node inside (a Node single executable application), so the
// installed app gives `gpu-doctor` on the command line without a separate Node.js, and without
// running the Electron binary as Node (its RunAsNode fuse is off).
//   node scripts/build-cli-sea.mjs  →  dist/cli/<os>-<arch>/gpu-doctor[.exe]
// <os>-<arch> is electron-builder's naming (linux-x64, linux-arm64, win-x64), which its
// extraResources rule picks up, with dist/cli/renderer: the UI `gpu-doctor serve` serves (a copy of
// out/renderer, since electron-builder leaves out of app.asar whatever extraResources takes from
// the same place, and the app's UI belongs in the integrity-checked ASAR). The Node that runs this script is the one inside the executable,
// so build on the target platform (the release workflow does: one runner per platform).
// https://nodejs.org/api/single-executable-applications.html
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const { inject } = require('postject')

// The entry, which loads run-cli and the one command asked for from the executable's assets: the
// split files of out/cli with their V8 code caches (src/cli/load-split.ts), as out/cli/gpu-doctor.cjs
// does from the files beside it.
const BUNDLE = 'out/cli/gpu-doctor.cjs'
const ASSETS = readdirSync('out/cli').filter((n) => /^(run-cli|command-[\w-]+|part-[\w-]+|texts-[\w-]+)\.cjs(\.v8cache)?$/.test(n))
// The sentinel every Node binary carries for SEA (documented with the build steps above).
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
const OS = { linux: 'linux', win32: 'win', darwin: 'mac' }[process.platform]

if (!existsSync(BUNDLE) || !existsSync('out/renderer/index.html')) {
  console.error(`gpu-doctor: ${BUNDLE} or out/renderer is missing; run npm run build first`)
  process.exit(1)
}
const outDir = join('dist', 'cli', `${OS}-${process.arch}`)
const exe = join(outDir, process.platform === 'win32' ? 'gpu-doctor.exe' : 'gpu-doctor')
// Work files carry the pid and the executable lands by rename, so two builds at once (parallel
// tests) never see each other's half-written files.
const work = (name) => join('dist', 'cli', `${process.pid}-${name}`)
const blob = work('sea-prep.blob')
const seaConfig = work('sea-config.json')
const main = work('gpu-doctor.sea.cjs')
const partial = work(process.platform === 'win32' ? 'gpu-doctor.exe' : 'gpu-doctor')
mkdirSync(outDir, { recursive: true })

// Inside a SEA, require() loads built-ins only and warns on anything else; the bundle's one
// optional require (ssh2's native cpu-features) must fail quietly, as it does beside node_modules
// (the split files get the same from src/cli/load-split.ts).
const PRELUDE = `require = ((builtin) => (id) => {
  if (builtin('node:module').isBuiltin(id)) return builtin(id)
  throw Object.assign(new Error(\`Cannot find module '\${id}'\`), { code: 'MODULE_NOT_FOUND' })
})(require);
`
// The bundle's #!/usr/bin/env node line goes: it is only valid as a file's first line.
writeFileSync(main, PRELUDE + readFileSync(BUNDLE, 'utf8').replace(/^#!.*\n/, ''))
// useCodeCache: V8's compiled code of the entry goes into the executable; the split files bring their own.
const assets = Object.fromEntries(ASSETS.map((name) => [name, join('out', 'cli', name)]))
writeFileSync(seaConfig, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets }, null, 2))
execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], { stdio: 'inherit', timeout: 120_000 })

copyFileSync(process.execPath, partial)
chmodSync(partial, 0o755)
await inject(partial, 'NODE_SEA_BLOB', readFileSync(blob), {
  sentinelFuse: SEA_FUSE,
  ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
})
renameSync(partial, exe)
for (const file of [blob, seaConfig, main]) rmSync(file, { force: true })

const ui = join('dist', 'cli', 'renderer')
const uiPartial = work('renderer')
cpSync('out/renderer', uiPartial, { recursive: true, filter: (src) => !src.endsWith('.map') })
rmSync(ui, { recursive: true, force: true })
renameSync(uiPartial, ui)
console.log(`gpu-doctor: built ${exe} (Node ${process.version} inside) and ${ui}`)
