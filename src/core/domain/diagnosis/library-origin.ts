import type { LibraryOrigin } from '../../../shared/i18n/library-origins'
import { originWhyEn } from '../../../shared/i18n/library-origins'
import { posix } from 'node:path'

export type { LibraryOrigin }

export interface OriginContext {
  ldLibraryPath: string[]
  condaPrefix: string | null
  /** LD_PRELOAD's entries (paths or names), split on spaces and colons as ld.so does. */
  ldPreload?: string[]
}

/** LD_PRELOAD as ld.so reads it: entries separated by spaces or colons. */
export function ldPreloadEntries(value: string | null | undefined): string[] {
  return (value ?? '').split(/[\s:]+/).filter(Boolean)
}

const REASONS = originWhyEn

/** Where a resolved library came from, and in words why the loader picked that copy. */
export function classifyLibrary(name: string, rawPath: string, ctx: OriginContext): { origin: LibraryOrigin; why: string; path: string } {
  // ldd prints RUNPATH-relative paths such as torch/lib/../../nvidia/cudnn/lib/libcudnn.so.9.
  const path = posix.normalize(rawPath)
  const dir = path.slice(0, path.lastIndexOf('/'))
  let origin: LibraryOrigin = 'other'
  const preloaded = (ctx.ldPreload ?? []).some((e) => preloadNames(e, path, rawPath, name))
  if (preloaded) origin = 'ld-preload'
  else if (/^libcuda\.so|^libnvidia-/.test(name)) origin = libcudaOrigin(path)
  else if (/\/compat\//.test(path) && /\/cuda[^/]*\/compat\/|cuda-compat/.test(path)) origin = 'forward-compat'
  else if (/site-packages\/nvidia\/|dist-packages\/nvidia\//.test(path)) origin = 'wheel'
  else if (/(site|dist)-packages\/torch\/lib\//.test(path)) origin = 'torch'
  else if (ctx.condaPrefix && path.startsWith(ctx.condaPrefix)) origin = 'conda'
  else if (ctx.ldLibraryPath.some((d) => d && (dir === d.replace(/\/$/, '') || path.startsWith(`${d.replace(/\/$/, '')}/`)))) origin = 'ld-library-path'
  else if (/\/usr\/local\/cuda[^/]*\//.test(path)) origin = 'cuda-toolkit'
  else if (/\/(conda|miniconda\d*|anaconda\d*|miniforge\d*)\/|\/envs\//.test(path)) origin = 'conda'
  else if (/^(\/usr)?\/lib(64)?\//.test(path) || path.startsWith('/lib/')) origin = 'system'
  return { origin, why: REASONS[origin], path }
}

/**
 * An LD_PRELOAD entry names this file: the same path, or the soname symlink of it (the maps show the
 * real file: LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libcudnn.so.9 maps /usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0).
 */
function preloadNames(entry: string, path: string, rawPath: string, name: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1)
  const versionOf = (e: string) => base === e || base.startsWith(`${e}.`)
  if (!entry.includes('/')) return entry === name || versionOf(entry)
  const e = mergedUsr(posix.normalize(entry))
  const mapped = mergedUsr(path)
  if (e === mapped || e === mergedUsr(posix.normalize(rawPath))) return true
  const dir = e.slice(0, e.lastIndexOf('/'))
  return dir === mapped.slice(0, mapped.lastIndexOf('/')) && versionOf(e.slice(e.lastIndexOf('/') + 1))
}

/**
 * /lib/… as /usr/lib/…: on merged-/usr systems (Debian 12, Ubuntu, Fedora, Arch) /lib is a link to /usr/lib, so
 * LD_PRELOAD=/lib/x86_64-linux-gnu/libcudnn.so.9 (as `ldconfig -p` prints it) maps /usr/lib/x86_64-linux-gnu/….
 */
function mergedUsr(path: string): string {
  return /^\/lib(32|64|x32)?\//.test(path) ? `/usr${path}` : path
}

/** Which libcuda a process really got: the driver's, the toolkit's stub, cuda-compat, or WSL's bridge. */
export function libcudaOrigin(path: string): LibraryOrigin {
  if (/\/stubs\//.test(path)) return 'driver-stub'
  if (/\/usr\/lib\/wsl\//.test(path)) return 'wsl'
  if (/\/compat\//.test(path)) return 'forward-compat'
  return 'driver'
}

/** The version in a real file name: libnvJitLink.so.13.0.88 → 13.0.88; null when the name has none. */
export function soVersion(realPath: string): string | null {
  const m = /\.so\.(\d+(?:\.\d+)*)$/.exec(realPath)
  return m ? m[1]! : null
}
