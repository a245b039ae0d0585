// Bundles the CLI so that `node out/cli/gpu-doctor.cjs` runs with no node_modules.
//   out/cli/gpu-doctor.cjs        the entry: answers --version itself, else loads run-cli.cjs; the single
//                                 executable's entry too (scripts/build-cli-sea.mjs), with the split files as its assets
//   out/cli/run-cli.cjs           options, language, help; loads the one command asked for
//   out/cli/command-<name>.cjs    each command with everything it uses (part-<name>.cjs: a part some uses need)
//   out/cli/texts-shared.cjs      the texts the CLI shares with the app, loaded when a command first shows one
//   out/cli/part-i18next.cjs      i18next, loaded for a call of `t` that src/cli/quick-translate.ts leaves to it (none usually)
//   out/cli/load-split.cjs        (also inside gpu-doctor.cjs) loads these files with V8's code cache (<file>.v8cache, scripts/build-cli-code-cache.mjs)
//   out/cli/gpu-doctor-single.cjs all of it in one file, to copy onto a machine alone
// Split, a command parses and runs only its own code (startup is most of a short command's time);
// shared code is repeated in each command's file, which costs disk, not time.
import { execFileSync } from 'node:child_process'
import { chmod, readFile, rm } from 'node:fs/promises'
import { basename, resolve } from 'node:path'

import { build } from 'esbuild'

import { writeCodeCaches } from './build-cli-code-cache.mjs'

const pkg = JSON.parse(await readFile('package.json', 'utf8'))
// Parts of a command that only some of its uses need, split off the same way (status-live: this
// machine's nvidia-smi, NVML and Docker, which `status --from-smi FILE` never touches).
const PARTS = ['status-live']
// Every command run-cli.ts loads (read from it, so a new command cannot end up inside run-cli.cjs).
// Modules of src/cli that i18n.ts loads only when first called, each in a file of its own: the file and its one function.
const LAZY = {
  'shared-texts': { file: 'texts-shared.cjs', exported: 'loadSharedTexts' },
  'i18n-full': { file: 'part-i18next.cjs', exported: 'fullTranslator' },
}
const COMMANDS = [...(await readFile('src/cli/run-cli.ts', 'utf8')).matchAll(/import\('\.\/commands\/([\w-]+)'\)/g)].map((m) => m[1])
if (COMMANDS.length === 0) throw new Error('build-cli: no command imports found in src/cli/run-cli.ts')

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: false,
  legalComments: 'none',
  // Fewer bytes to read and hash at every start, and no comments: with none of their non-ASCII
  // characters, Node reads a file as one-byte Latin-1 text (a file with any other is decoded as
  // UTF-8 into a two-byte string, 1 ms more for command-analyze.cjs). Keep regex literals ASCII too (\u2026).
  minifyWhitespace: true,
  define: { __GPU_DOCTOR_VERSION__: JSON.stringify(pkg.version) },
  // Optional native add-ons of ssh2 (dockerode's SSH transport); ssh2 works without them. koffi
  // (NVML) is native too: found in a node_modules beside the CLI, else `monitor` uses nvidia-smi.
  external: ['cpu-features', '*.node', 'electron', 'koffi'],
  logLevel: 'warning',
  // import() of a split file stays a require(): Node's import() of a .cjs file runs its CommonJS
  // export scanner over the whole file first (about 40 ms for a 1.5 MB command, more than its compile).
  supported: { 'dynamic-import': false },
}

/**
 * The entry's import of run-cli, run-cli's of each command and a command's of its parts load the
 * file built beside, through load-split.cjs (src/cli/load-split.ts), which uses its V8 code cache.
 */
const splitAt = ({ loaderInside = false } = {}) => ({
  name: 'split-at-commands',
  setup(b) {
    const split = (file) => ({ path: file, namespace: 'split' })
    b.onResolve({ filter: /^\.\/(run-cli|commands\/[\w-]+|[\w-]+)$/ }, (args) => {
      const importer = basename(args.importer)
      const part = args.path.slice(2)
      if (PARTS.includes(part) && args.importer.includes('/src/cli/commands/')) return split(`part-${part}.cjs`)
      if (args.path === './run-cli' && importer === 'index.ts') return split('run-cli.cjs')
      const command = /^\.\/commands\/([\w-]+)$/.exec(args.path)?.[1]
      if (command && importer === 'run-cli.ts' && COMMANDS.includes(command)) return split(`command-${command}.cjs`)
      return undefined
    })
    // The shared texts, which run-cli's translator asks for only when a command first shows one, and
    // i18next, which it asks for only for a call its quick path leaves to it (src/cli/quick-translate.ts).
    b.onResolve({ filter: /^\.\/(shared-texts|i18n-full)$/ }, (args) =>
      basename(args.importer) === 'i18n.ts' ? { path: LAZY[args.path.slice(2)].file, namespace: 'split-lazy' } : undefined,
    )
    // The loader is part of the entry (one file less to find and compile at every start); the
    // files it loads get that same loader for their require('./load-split.cjs') (src/cli/load-split.ts).
    const loader = (args) => (loaderInside ? { path: resolve('src/cli/load-split.ts') } : { path: args.path, external: true })
    b.onResolve({ filter: /^\.\/load-split\.cjs$/, namespace: 'split' }, loader)
    b.onResolve({ filter: /^\.\/load-split\.cjs$/, namespace: 'split-lazy' }, loader)
    b.onLoad({ filter: /.*/, namespace: 'split' }, (args) => ({
      contents: `module.exports = require('./load-split.cjs').loadSplit(${JSON.stringify(args.path)})`,
      loader: 'js',
    }))
    b.onLoad({ filter: /.*/, namespace: 'split-lazy' }, (args) => {
      const { exported } = Object.values(LAZY).find((l) => l.file === args.path)
      return { contents: `exports.${exported} = (...a) => require('./load-split.cjs').loadSplit(${JSON.stringify(args.path)}).${exported}(...a)`, loader: 'js' }
    })
  },
})

/**
 * A command's file: the command, with the core's typed errors turned into the CLI's message and
 * exit code inside it, where their classes are the ones that were thrown (run-cli.cjs has its own copies).
 * With ownTexts, the command's translator takes the shared texts from this file (loaded on first use,
 * from the copy the command carries anyway) instead of from texts-shared.cjs.
 */
function commandEntry(name, ownTexts) {
  const fn = `${name}Command`
  return {
    contents: `import { ${fn} as run } from './src/cli/commands/${name}'
import { cliErrorOf } from './src/cli/use-case-error'
${ownTexts ? "const ownTexts = () => require('./src/cli/shared-texts').loadSharedTexts()" : ''}
export const ${fn} = async (args, ctx) => {
  ${ownTexts ? "ctx.t[Symbol.for('gpu-doctor.cli.shared-texts')] = ownTexts" : ''}
  try {
    return await run(args, ctx)
  } catch (error) {
    throw cliErrorOf(error, ctx.t, ctx.lang)
  }
}
`,
    resolveDir: process.cwd(),
    sourcefile: `command-${name}.js`,
    loader: 'js',
  }
}

/** A command that carries the texts of findings (most of the shared texts) takes the rest from its own file too. */
async function buildCommand(name) {
  const options = { ...common, outfile: `out/cli/command-${name}.cjs`, plugins: [splitAt()] }
  const { metafile } = await build({ ...options, stdin: commandEntry(name, false), metafile: true })
  if (Object.keys(metafile.inputs).includes('src/shared/i18n/findings/en.ts')) await build({ ...options, stdin: commandEntry(name, true) })
}

// The compatibility tables go into the bundles unchecked (src/core/knowledge/compat/data.ts): a table that
// fails its schema or the cross-table checks stops the build instead.
execFileSync(process.execPath, ['scripts/data/check-data.mjs'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 })
await rm('out/cli', { recursive: true, force: true })
await Promise.all([
  build({ ...common, entryPoints: ['src/cli/index.ts'], outfile: 'out/cli/gpu-doctor.cjs', banner: { js: '#!/usr/bin/env node' }, plugins: [splitAt({ loaderInside: true })] }),
  build({ ...common, entryPoints: ['src/cli/run-cli.ts'], outfile: 'out/cli/run-cli.cjs', plugins: [splitAt()] }),
  ...COMMANDS.map(buildCommand),
  ...PARTS.map((name) => build({ ...common, entryPoints: [`src/cli/commands/${name}.ts`], outfile: `out/cli/part-${name}.cjs` })),
  build({ ...common, entryPoints: ['src/cli/load-split.ts'], outfile: 'out/cli/load-split.cjs' }),
  ...Object.entries(LAZY).map(([name, { file }]) => build({ ...common, entryPoints: [`src/cli/${name}.ts`], outfile: `out/cli/${file}` })),
  build({ ...common, entryPoints: ['src/cli/index.ts'], outfile: 'out/cli/gpu-doctor-single.cjs' }),
])
await chmod('out/cli/gpu-doctor.cjs', 0o755)
await writeCodeCaches('out/cli')
