import type { ProbeReport } from '../../../shared/probe'
import { classifyLibrary, ldPreloadEntries, type OriginContext } from './library-origin'
import { mappedCudnnFiles } from './mapped-cudnn'
import { parseLdd } from '../rules/parse-ldd'

/**
 * The route by which the loader reached a library, which is what a fix must undo: `LD_PRELOAD`,
 * `LD_LIBRARY_PATH`, a RUNPATH/RPATH (the wheel's, a conda env's), or the system path (ld.so.conf, the cache).
 */
export type LoaderRoute = 'ld-preload' | 'ld-library-path' | 'runpath' | 'system'

export function originContextOf(r: ProbeReport): OriginContext {
  return {
    ldLibraryPath: (r.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean),
    condaPrefix: r.env.CONDA_PREFIX ?? r.python?.condaPrefix ?? null,
    ldPreload: ldPreloadEntries(r.env.LD_PRELOAD ?? r.environment?.LD_PRELOAD),
  }
}

const dirOf = (p: string) => p.replace(/\/[^/]+$/, '')
const onPath = (dirs: readonly string[], p: string) => dirs.some((d) => d && dirOf(p) === d.replace(/\/$/, ''))

/**
 * How a mapped file got in. The maps show the real file, so a symlink the loader found on
 * LD_LIBRARY_PATH (/tmp/shadow/libcudnn.so.9 → /usr/lib/…/libcudnn.so.9.14.0) is matched through the
 * copies the probe listed with their real paths.
 */
export function loaderRoute(path: string, r: ProbeReport, ctx: OriginContext = originContextOf(r)): LoaderRoute {
  const name = path.split('/').pop() ?? path
  const { origin } = classifyLibrary(name, path, ctx)
  if (origin === 'ld-preload') return 'ld-preload'
  const viaLdPath = origin === 'ld-library-path' || r.cudnnCopies.some((c) => (c.realPath === path || c.path === path) && onPath(ctx.ldLibraryPath, c.path))
  if (viaLdPath) return 'ld-library-path'
  if (origin === 'wheel' || origin === 'torch' || origin === 'conda') return 'runpath'
  return 'system'
}

/**
 * The routes of several files, as a finding's `route` param. Files the system path supplied from the
 * directory of a file that LD_PRELOAD or LD_LIBRARY_PATH brought in (libcudnn loading its sub-libraries
 * from its own real directory) add no route of their own: undoing the first route undoes them.
 */
export function routesOf(paths: readonly string[], r: ProbeReport, ctx: OriginContext = originContextOf(r)): string {
  const routed = paths.map((p) => ({ p, route: loaderRoute(p, r, ctx) }))
  const leadDirs = new Set(routed.filter((x) => x.route === 'ld-preload' || x.route === 'ld-library-path').map((x) => dirOf(x.p)))
  const routes = new Set(routed.filter((x) => !(x.route === 'system' && leadDirs.has(dirOf(x.p)))).map((x) => x.route))
  return [...routes].join(',')
}

/**
 * The directory of the cuDNN the wheel ships: from ldd when the wheel's copy resolved, else from the
 * mapped files or the copies the probe found (LD_PRELOAD can make ldd name another copy).
 */
export function bundledCudnnDir(r: ProbeReport, ctx: OriginContext = originContextOf(r)): string | null {
  const isWheel = (p: string) => ['wheel', 'torch'].includes(classifyLibrary(p.split('/').pop() ?? p, p, ctx).origin)
  for (const ldd of r.libraries?.ldd ?? []) {
    const entry = parseLdd(ldd.output).find((e) => e.path && e.name.startsWith('libcudnn') && classifyLibrary(e.name, e.path, ctx).origin === 'wheel')
    if (entry?.path) return dirOf(classifyLibrary(entry.name, entry.path, ctx).path)
  }
  const mappedWheel = mappedCudnnFiles(r).find(isWheel)
  if (mappedWheel) return dirOf(mappedWheel)
  const copy = r.cudnnCopies.find((c) => isWheel(c.path))
  return copy ? dirOf(copy.path) : null
}

/** The mapped cuDNN files that are not the wheel's, with the routes that brought them. */
export function strayCudnn(r: ProbeReport, ctx: OriginContext = originContextOf(r)): { paths: string[]; route: string } {
  const bundled = bundledCudnnDir(r, ctx)
  const paths = bundled ? mappedCudnnFiles(r).filter((p) => !p.startsWith(`${bundled}/`)) : []
  return { paths, route: paths.length ? routesOf(paths, r, ctx) : '' }
}
