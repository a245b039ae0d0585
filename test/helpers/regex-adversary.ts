// Adversarial inputs for a regular expression, built from its own structure, and the regexes of the code that
// reads pasted text. Used by test/core/domain/rules/linear-time.test.ts and scripts/regex-audit.mjs.
//
// A backtracking engine (V8's) is slow on a regex when a quantifier can match the same characters in many ways:
// two adjacent quantifiers over overlapping classes (`\s*:?\s*`), a quantifier inside a quantifier, or a literal
// that starts a match at many places of one long line (`LnkSta: .*X` on "LnkSta: " repeated). The classic attack
// string is prefix + pump × n + suffix: the prefix brings the engine to a quantifier, the pump is something that
// quantifier (and its neighbours) can match, the suffix makes the match fail so that every split is tried. Each
// quantifier of the regex gives such inputs: its prefix is the shortest text that leads to it, its pumps every
// character of a fixed alphabet it accepts, and, for many starts, the prefix and a pump together, repeated.
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'

import { build } from 'esbuild'
import ts from 'typescript'

type Node =
  | { type: 'char'; value: string }
  | { type: 'set'; source: string }
  | { type: 'seq'; items: Node[] }
  | { type: 'alt'; options: Node[] }
  | { type: 'group'; body: Node; look: boolean }
  | { type: 'repeat'; body: Node; min: number; max: number; source: string }
  | { type: 'assert' }

const ESCAPED_CHARS: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' }

/** Parses the subset of JavaScript regex syntax the project uses (no `u`/`v` flag). */
function parse(source: string): Node {
  let i = 0
  const alt = (): Node => {
    const options = [seq()]
    while (source[i] === '|') {
      i++
      options.push(seq())
    }
    return options.length === 1 ? options[0]! : { type: 'alt', options }
  }
  const seq = (): Node => {
    const items: Node[] = []
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const start = i
      const a = atom()
      const q = quantifier()
      items.push(q ? { type: 'repeat', body: a, ...q, source: source.slice(start, i) } : a)
    }
    return { type: 'seq', items }
  }
  const quantifier = (): { min: number; max: number } | null => {
    const c = source[i]
    let q: { min: number; max: number } | null = null
    if (c === '*') q = { min: 0, max: Infinity }
    else if (c === '+') q = { min: 1, max: Infinity }
    else if (c === '?') q = { min: 0, max: 1 }
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i))
      if (!m) return null
      i += m[0].length - 1
      q = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]) }
    }
    if (!q) return null
    i++
    if (source[i] === '?') i++
    return q
  }
  const atom = (): Node => {
    const c = source[i]!
    if (c === '(') {
      i++
      let look = false
      const lookaround = /^\?(?:[=!]|<[=!])/.exec(source.slice(i))?.[0]
      if (lookaround) {
        i += lookaround.length
        look = true
      } else if (source.startsWith('?:', i)) i += 2
      else if (source.startsWith('?<', i)) i = source.indexOf('>', i) + 1
      const body = alt()
      i++ // ')'
      return { type: 'group', body, look }
    }
    if (c === '[') {
      const start = i
      i++
      if (source[i] === '^') i++
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1
      i++
      return { type: 'set', source: source.slice(start, i) }
    }
    if (c === '\\') {
      const n = source[i + 1]!
      i += 2
      if ('dDwWsS'.includes(n)) return { type: 'set', source: `\\${n}` }
      if (n === 'b' || n === 'B') return { type: 'assert' }
      if (/[1-9]/.test(n)) return { type: 'assert' } // a back-reference: matches what its group did, often nothing here
      if (n === 'x') return { type: 'char', value: String.fromCharCode(parseInt(source.slice(i, (i += 2)), 16)) }
      if (n === 'u') return { type: 'char', value: String.fromCharCode(parseInt(source.slice(i, (i += 4)), 16)) }
      if (n === 'c') return { type: 'char', value: String.fromCharCode(source.charCodeAt(i++) % 32) }
      return { type: 'char', value: ESCAPED_CHARS[n] ?? n }
    }
    i++
    if (c === '.') return { type: 'set', source: '.' }
    if (c === '^' || c === '$') return { type: 'assert' }
    return { type: 'char', value: c }
  }
  return alt()
}

/** Characters tried as pumps: blanks, line breaks, word characters and the punctuation of logs and paths. */
const ALPHABET = [' ', '\t', '\n', '\r', 'a', 'Z', '0', '9', '.', ':', '/', '\\', '-', '_', '(', ')', '[', ']', '"', "'", '`', ',', '=', '+', '<', '>', '$', '#', '@', '|', ';', '*', '!', '{', '}', '\u2026']

function setTester(source: string, flags: string): RegExp {
  return new RegExp(`^${source}$`, flags.replace(/[gmy]/g, ''))
}

/** The shortest text a node matches (at least one repetition when `once`): lookarounds and anchors match nothing. */
function witness(node: Node, flags: string, once = false): string {
  switch (node.type) {
    case 'char':
      return node.value
    case 'set': {
      const test = setTester(node.source, flags)
      return ALPHABET.find((c) => test.test(c)) ?? [...Array(0x3000).keys()].map((k) => String.fromCharCode(k)).find((c) => test.test(c)) ?? ''
    }
    case 'seq':
      return node.items.map((n) => witness(n, flags, once)).join('')
    case 'alt':
      return witness(node.options[0]!, flags, once)
    case 'group':
      return node.look ? '' : witness(node.body, flags, once)
    case 'repeat':
      return witness(node.body, flags, once).repeat(Math.max(node.min, once ? 1 : 0))
    case 'assert':
      return ''
  }
}

/**
 * Each repetition (with its maximum above 1) and the texts before it that lead the engine there: one with every
 * earlier optional part present once, one with each as short as it may be ("Error loading " and 'Error loading "').
 */
function repeats(node: Node, flags: string, before: readonly string[], out: Array<{ node: Extract<Node, { type: 'repeat' }>; prefix: string }>): void {
  switch (node.type) {
    case 'seq': {
      let prefixes = before
      for (const item of node.items) {
        repeats(item, flags, prefixes, out)
        prefixes = [...new Set([prefixes[0] + witness(item, flags, true), (prefixes[1] ?? prefixes[0]) + witness(item, flags, false)])]
      }
      return
    }
    case 'alt':
      for (const option of node.options) repeats(option, flags, before, out)
      return
    case 'group':
      repeats(node.body, flags, before, out)
      return
    case 'repeat':
      if (node.max > 1) for (const prefix of before) out.push({ node, prefix })
      repeats(node.body, flags, before, out)
      return
    default:
      return
  }
}

export interface AttackInput {
  prefix: string
  pump: string
  suffix: string
}

/** The text of an attack input at about `size` characters. */
export function attackText(input: AttackInput, size: number): string {
  return `${input.prefix}${input.pump.repeat(Math.max(1, Math.ceil((size - input.prefix.length) / Math.max(1, input.pump.length))))}${input.suffix}`
}

/** Adversarial inputs for a regex: for each repetition, its prefix, each pump it accepts, each suffix. */
export function attackInputs(re: RegExp): AttackInput[] {
  const flags = re.flags
  const found: Array<{ node: Extract<Node, { type: 'repeat' }>; prefix: string }> = []
  repeats(parse(re.source), flags, [''], found)
  const out = new Map<string, AttackInput>()
  const add = (prefix: string, pump: string) => {
    if (pump === '') return
    for (const suffix of ['', '!', '\n']) out.set(JSON.stringify([prefix, pump, suffix]), { prefix, pump, suffix })
  }
  const whole = witness(parse(re.source), flags, true)
  for (const { node, prefix } of found) {
    let body: RegExp
    try {
      body = new RegExp(`^(?:${node.source.replace(/(?:[*+?]|\{\d+(?:,\d*)?\})\??$/, '')})+$`, flags.replace(/[gmy]/g, ''))
    } catch {
      continue
    }
    const once = witness(node.body, flags, true)
    const pumps = [...ALPHABET.filter((c) => body.test(c.repeat(3))), ...(body.test(once.repeat(3)) ? [once] : [])]
    for (const pump of new Set(pumps)) add(prefix, pump)
    // Many starts on one line: what leads to the repetition and one pump, over and over; the whole match without its end.
    add('', prefix + once)
    add('', prefix)
    if (pumps[0] !== undefined) add('', prefix + pumps[0] + pumps[0])
    add('', whole.slice(0, -1))
  }
  return [...out.values()]
}

/** A short text the regex matches (its shortest path, each repetition once), or null when that one does not match. */
export function exampleMatch(re: RegExp): string | null {
  const text = witness(parse(re.source), re.flags, true)
  return new RegExp(re.source, re.flags.replace(/[gy]/g, '')).test(text) ? text : null
}

/** Runs a regex as its callers do: once, or to the end of the text for a global or sticky one. */
export function runRegex(re: RegExp, text: string): void {
  if (!re.global && !re.sticky) {
    re.exec(text)
    return
  }
  re.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = re.exec(text)) !== null) if (m[0] === '') re.lastIndex++
}

export function timeRegex(re: RegExp, text: string): number {
  const started = performance.now()
  runRegex(re, text)
  return performance.now() - started
}

export interface FoundRegex {
  where: string
  re: RegExp
}

/** Every regex literal of a TypeScript file, with its line. */
export function regexLiteralsOf(root: string, file: string): FoundRegex[] {
  const text = readFileSync(resolve(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const out: FoundRegex[] = []
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source)
      const slash = literal.lastIndexOf('/')
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
      out.push({ where: `${file}:${line}`, re: new RegExp(literal.slice(1, slash), literal.slice(slash + 1)) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

/** The source files (relative to root) that `entries` import, directly or not: what their code can run. */
export async function sourcesReachedFrom(root: string, entries: string[]): Promise<string[]> {
  const result = await build({
    entryPoints: entries.map((e) => resolve(root, e)),
    absWorkingDir: root,
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    outdir: 'unused',
    metafile: true,
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
    .map((f) => relative(root, resolve(root, f)))
    .filter((f) => f.startsWith('src/') && f.endsWith('.ts'))
    .sort()
}
