// The built CLI's split files (run-cli.cjs, command-<name>.cjs, part-<name>.cjs, texts-shared.cjs:
// scripts/build-cli.mjs) load through here, not through require(), so that V8's code cache written
// beside each file at build time (<file>.v8cache) is used: a short command then skips most of
// compiling its 0.2–1.5 MB file. Node 22.1+ offers this as module.enableCompileCache(); Node 20 does not.
// In the single executable (scripts/build-cli-sea.mjs) the files and their caches are its assets.
// A cache made by another Node or V8, or with other V8 flags, is refused by V8 itself (the file is
// then compiled as require() would); one made for another build of the file is refused here: the
// build ends each file with a line naming its content's hash, and starts its cache with the same.
// (Hashing the file here would load node:crypto, 2 ms, a tenth of what the cache saves.)
import { readFileSync } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import { dirname, join } from 'node:path'
import { getAsset, isSea } from 'node:sea'
import { constants, Script } from 'node:vm'

interface SplitModule {
  exports: unknown
}

const loaded = new Map<string, SplitModule>()
const inExecutable = isSea()
const folder = inExecutable ? dirname(process.execPath) : __dirname

/** Every split file compiled in this process, by path: the build writes their code caches from these. */
export const compiledSplits = new Map<string, Script>()

/** The wrapper require() puts around a CommonJS file. */
export const wrapCommonJs = (source: string): string => `(function (exports, require, module, __filename, __dirname) {${source}\n})`

/** The last line of a split file: which build of it this is. */
export const BUILD_LINE = '//# gpu-doctor-build '

/** What a cache file starts with: the build of the source file it was made from. */
export function codeCacheHeader(source: Buffer): Buffer | null {
  const tail = source.subarray(-100).toString('latin1')
  const at = tail.lastIndexOf(BUILD_LINE)
  const id = at < 0 ? '' : tail.slice(at + BUILD_LINE.length).trim()
  return /^[\w+/=-]{16,64}$/.test(id) ? Buffer.from(`gpu-doctor v8 cache ${id}\n`) : null
}

/** A file beside this one, or the executable's asset of that name; undefined when there is none. */
function read(name: string): Buffer | undefined {
  try {
    return inExecutable ? Buffer.from(getAsset(name)) : readFileSync(join(folder, name))
  } catch {
    return undefined
  }
}

function cachedDataFor(name: string, source: Buffer): Buffer | undefined {
  const header = codeCacheHeader(source)
  const cache = header ? read(`${name}.v8cache`) : undefined
  return header && cache?.subarray(0, header.length).equals(header) ? cache.subarray(header.length) : undefined
}

/**
 * The require() a split file gets: its references to this loader are this module, and in the single
 * executable only Node's own modules load (as its one-file bundle does: scripts/build-cli-sea.mjs).
 */
function requireFor(file: string): NodeJS.Require {
  const nodeRequire = createRequire(file)
  const own = (id: string): unknown => {
    if (id === './load-split.cjs') return { loadSplit }
    if (!inExecutable || isBuiltin(id)) return nodeRequire(id)
    throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' })
  }
  return (inExecutable ? own : Object.assign(own, nodeRequire)) as NodeJS.Require
}

/** The exports of a split file, loaded once per process, as require() would. */
export function loadSplit(name: string): unknown {
  const file = join(folder, name)
  const done = loaded.get(file)
  if (done) return done.exports
  const source = read(name)
  if (!source) throw Object.assign(new Error(`Cannot find module '${file}'`), { code: 'MODULE_NOT_FOUND' })
  const script = new Script(wrapCommonJs(source.toString('utf8')), {
    filename: file,
    cachedData: cachedDataFor(name, source),
    // import() inside the file (none today: the build turns them into require()) resolves as in any CommonJS file.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  })
  compiledSplits.set(file, script)
  const module: SplitModule = { exports: {} }
  loaded.set(file, module)
  try {
    const run = script.runInThisContext() as (...args: unknown[]) => void
    run.call(module.exports, module.exports, requireFor(file), module, file, dirname(file))
  } catch (error) {
    loaded.delete(file)
    throw error
  }
  return module.exports
}
