import { describe, expect, it } from 'vitest'

import { CORE_LAYERS } from '../../eslint-rules/core-layers.mjs'
import { coreFolderOf, cycles, importEdges, repoRoot } from './import-graph'

// The core's structure, measured from its imports: the four layers of docs/architecture.md, each
// importing only those below it, and no cycle between the core's folders or files.
const core = importEdges(repoRoot, 'src/core').filter((e) => e.to.startsWith('src/core/'))
const layerOf = (file: string): string => coreFolderOf(file).split('/')[0]!
const rank = (file: string): number => CORE_LAYERS.indexOf(layerOf(file))

describe('src/core in layers', () => {
  it('puts every file in one of the layers', () => {
    const outside = [...new Set(core.flatMap((e) => [e.from, e.to]))].filter((f) => rank(f) < 0)
    expect(outside).toEqual([])
  })

  it('has no import from a lower layer into a higher one (types included)', () => {
    const upward = core.filter((e) => rank(e.to) > rank(e.from)).map((e) => `${e.from} → ${e.to}`)
    expect(upward).toEqual([])
  })

  it('has no cycle between its folders', () => {
    const edges = core.map((e): [string, string] => [coreFolderOf(e.from), coreFolderOf(e.to)])
    expect(cycles(new Set(edges.flat()), edges)).toEqual([])
  })

  it('has no cycle between its files', () => {
    const edges = core.map((e): [string, string] => [e.from, e.to])
    expect(cycles(new Set(edges.flat()), edges)).toEqual([])
  })
})

describe('the front ends enter the core by one door', () => {
  it.each(['src/cli', 'src/serve', 'src/main'])('%s imports src/core only through src/core/app (types aside)', (dir) => {
    const side = importEdges(repoRoot, dir)
      .filter((e) => e.to.startsWith('src/core/') && !e.to.startsWith('src/core/app/') && !e.typeOnly)
      .map((e) => `${e.from} → ${e.to}`)
    expect(side).toEqual([])
  })
})

describe('the graph reader', () => {
  it('finds a cycle of three and none in a chain', () => {
    expect(cycles(['a', 'b', 'c'], [['a', 'b'], ['b', 'c'], ['c', 'a']])).toEqual([['a', 'b', 'c']])
    expect(cycles(['a', 'b', 'c'], [['a', 'b'], ['b', 'c']])).toEqual([])
  })
})
