// The layers of src/core, lowest first. A file of a layer imports only its own layer and those before
// it (and src/shared); the front ends (cli, serve, main) import the core only through src/core/app,
// types aside. One eslint rule holds both, on the path each relative import resolves to, so no
// spelling of a path ("../../domain", "../../../core/domain") slips past it.
// test/lint/core-layers.test.ts checks the whole import graph the same way.
import { dirname, posix, relative, resolve } from 'node:path'

export const CORE_LAYERS = ['platform', 'knowledge', 'domain', 'app']
export const FRONT_ENDS = ['cli', 'serve', 'main']

/** "src/core/domain/rules/x.ts" → { area: 'core', layer: 'domain' }; "src/cli/x.ts" → { area: 'cli' }. */
export function placeOf(repoPath) {
  const parts = repoPath.split('/')
  if (parts[0] !== 'src') return null
  if (parts[1] !== 'core') return { area: parts[1] }
  return { area: 'core', layer: parts.length > 3 ? parts[2] : null }
}

/** Why `from` may not import `to` (repository-relative paths), or null when it may. */
export function layerViolation(from, to, typeOnly) {
  const a = placeOf(from)
  const b = placeOf(to)
  if (!a || !b || b.area !== 'core') return null
  if (a.area === 'core') {
    const mine = CORE_LAYERS.indexOf(a.layer)
    const theirs = CORE_LAYERS.indexOf(b.layer)
    if (mine < 0) return `${from} is in no layer of src/core: put it in one of ${CORE_LAYERS.join(', ')}.`
    if (theirs > mine) {
      const allowed = CORE_LAYERS.slice(0, mine + 1).join(', ')
      return `src/core/${a.layer} may import only ${allowed} (and src/shared), not src/core/${b.layer}: move the shared part down, or pass it in from above.`
    }
    return null
  }
  if (FRONT_ENDS.includes(a.area) && b.layer !== 'app' && !typeOnly) {
    return `src/${a.area} enters the core only through src/core/app (types aside), not src/core/${b.layer ?? ''}: call a use case, or add one.`
  }
  return null
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'src/core layers import only downward; front ends enter through src/core/app' } },
  create(context) {
    const root = context.cwd
    const file = relative(root, context.filename).split('\\').join('/')
    if (!file.startsWith('src/')) return {}
    const check = (node, spec, typeOnly) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return
      const target = posix.normalize(relative(root, resolve(dirname(context.filename), spec)).split('\\').join('/'))
      const why = layerViolation(file, target, typeOnly)
      if (why) context.report({ node, message: why })
    }
    const allTypes = (node) =>
      node.importKind === 'type' || node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'))
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, allTypes(node)),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, allTypes(node)),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value, false),
    }
  },
}

export const coreLayersPlugin = { rules: { 'layers': rule } }
