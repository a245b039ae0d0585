import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'

/** One relative import inside src/, resolved to the file it names (repository-relative, posix). */
export interface ImportEdge {
  from: string
  to: string
  typeOnly: boolean
}

const SOURCE = /\.(ts|tsx)$/
const SPECIFIER = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** Every relative import of every non-test source file under `dir` (e.g. "src/core"). */
export function importEdges(repo: string, dir: string): ImportEdge[] {
  const files = readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => posix.join(dir, f.replaceAll('\\', '/')))
  const known = new Set(files)
  const edges: ImportEdge[] = []
  for (const from of files) {
    const text = readFileSync(join(repo, from), 'utf8')
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[3] ?? m[4]
      if (!spec) continue
      const base = posix.normalize(posix.join(posix.dirname(from), spec))
      const to = EXTENSIONS.map((e) => base + e).find((p) => known.has(p)) ?? base
      edges.push({ from, to, typeOnly: m[2] !== undefined })
    }
  }
  return edges
}

/** The strongly connected components with more than one node (Tarjan), each sorted. */
export function cycles(nodes: Iterable<string>, edges: Array<[string, string]>): string[][] {
  const next = new Map<string, string[]>()
  for (const n of nodes) next.set(n, [])
  for (const [a, b] of edges) if (a !== b) next.get(a)?.push(b)
  let index = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    order.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!))
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const n of next.keys()) if (!order.has(n)) visit(n)
  return found
}

/** "src/core/domain/rules/x.ts" → "domain/rules"; a file directly in a layer → "domain". */
export function coreFolderOf(file: string): string {
  const parts = relative('src/core', file).split(/[\\/]/)
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!
}

export const repoRoot = join(dirname(new URL(import.meta.url).pathname), '..', '..')
