// Every parser of pasted or captured text, fed anything: it returns a result (or, for report JSON,
// its typed ReportInputError) and never throws, within a time bound. Inputs are random text and,
// more to the point, real captures cut, spliced and salted with junk.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { envMap, imageVersions } from '../../src/core/domain/container/image-versions'
import { parseImageReference } from '../../src/core/platform/docker/image-reference'
import { parseRequireCuda } from '../../src/core/domain/container/require-cuda'
import { parseByteSize, parseGpuSelection } from '../../src/core/platform/docker/container-options'
import { readHealthFacts } from '../../src/core/domain/health/health-facts'
import { parseXids } from '../../src/core/domain/health/kernel-log'
import { parseSmiOutput } from '../../src/core/platform/nvidia-smi/parse-any'
import { parseCsvQuery } from '../../src/core/platform/nvidia-smi/parse-csv'
import { createDmonLineParser, parseDmon } from '../../src/core/platform/nvidia-smi/parse-dmon'
import { parseSmiQueryText } from '../../src/core/platform/nvidia-smi/parse-query-text'
import { parseSmiQueryXml } from '../../src/core/platform/nvidia-smi/parse-query-xml'
import { parseSmiTable } from '../../src/core/platform/nvidia-smi/parse-table'
import { parseReportInput, ReportInputError } from '../../src/core/domain/report/load-input'
import { analyzeText } from '../../src/core/domain/rules/analyze-text'
import { parseCollectEnv } from '../../src/core/domain/rules/parse-collect-env'
import { parseLdd } from '../../src/core/domain/rules/parse-ldd'
import { cpuTimed } from '../helpers/cpu-time'

const dir = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url))
const read = (path: string) => readFileSync(dir(path), 'utf8')
const all = (folder: string, match: RegExp) => readdirSync(dir(folder)).filter((f) => match.test(f)).map((f) => read(`${folder}/${f}`))

const CAPTURES = {
  table: [...all('public/A', /\.txt$/), read('h200-x1/smi/default.txt')],
  csv: [...all('public/B', /\.csv$/), read('h200-x1/smi/query-csv.txt')],
  dmon: [...all('public/B', /^dmon/), read('h200-x1/smi/dmon-all.txt')],
  q: [...all('public/C', /^q-/), read('h200-x1/smi/q.txt')],
  xml: [...all('public/C', /\.xml$/), read('h200-x1/smi/q.xml')],
  collectEnv: [...all('public/D', /\.txt$/), read('h200-x1/torch/collect_env.txt')],
  ldd: [...all('public/E', /^ldd/), read('h200-x1/torch/ldd.txt')],
  logs: [...all('public/E', /\.txt$/)],
  report: all('reports', /\.json$/),
}

/** A real capture, damaged: cut short, lines dropped or repeated, junk (control bytes, markup, huge numbers) spliced in. */
function damaged(samples: string[]): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('<', '>', '</gpu>', '<gpu>', '|', '+---+', ':', ' : ', '==', '\u0000', '\r', '\t', '9'.repeat(400), 'NaN', '-1', '%', 'MiB', '"', ',', '\n\n\n', '<!DOCTYPE x [<!ENTITY a "b">]>', '&a;'),
  )
  const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), len: fc.nat(400), kind: fc.constantFrom('cut', 'drop', 'repeat', 'insert'), junk })
  return fc.tuple(fc.constantFrom(...samples), fc.array(edit, { maxLength: 6 })).map(([text, edits]) => {
    let t = text
    for (const e of edits) {
      const at = Math.floor(e.at * t.length)
      if (e.kind === 'cut') t = t.slice(0, at)
      else if (e.kind === 'drop') t = t.slice(0, at) + t.slice(at + e.len)
      else if (e.kind === 'repeat') t = t.slice(0, at + e.len) + t.slice(at, at + e.len).repeat(3) + t.slice(at + e.len)
      else t = t.slice(0, at) + e.junk + t.slice(at)
    }
    return t
  })
}

const anyText = (samples: string[]) => fc.oneof({ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 2000 }) }, { weight: 3, arbitrary: damaged(samples) })

/** CPU time, so that a loaded machine does not count against a parser. */
function timed(parse: (text: string) => unknown, text: string): number {
  return cpuTimed(() => parse(text))
}

/** Runs `parse` on `runs` inputs: none throws, none takes longer than 200 ms per 64 KiB (after a warm-up call). */
function neverThrows(arbitrary: fc.Arbitrary<string>, parse: (text: string) => unknown, runs = 150): void {
  parse('warm-up: the first call compiles the regular expressions')
  fc.assert(
    fc.property(arbitrary, (text) => {
      const bound = 200 * Math.max(1, text.length / 65_536)
      // A slow call is timed once more: a GC pause or a busy CI machine is not a slow parser.
      const first = timed(parse, text)
      const ms = first > bound ? Math.min(first, timed(parse, text)) : first
      if (ms > bound) throw new Error(`${ms.toFixed(0)} ms for ${text.length} characters`)
    }),
    { numRuns: runs },
  )
}

describe('parsers given anything: a result, never a throw, within 200 ms', () => {
  it('nvidia-smi table', () => neverThrows(anyText(CAPTURES.table), (t) => (parseSmiTable(t), parseSmiOutput(t))))
  it('CSV query', () => neverThrows(anyText(CAPTURES.csv), (t) => (parseCsvQuery(t), parseSmiOutput(t))))
  it('nvidia-smi -q text', () => neverThrows(anyText(CAPTURES.q), (t) => (parseSmiQueryText(t), parseSmiOutput(t), readHealthFacts(t))))
  it('nvidia-smi -q -x XML', () => neverThrows(anyText(CAPTURES.xml), (t) => (parseSmiQueryXml(t), parseSmiOutput(t), readHealthFacts(t))))
  it('dmon, whole and line by line', () =>
    neverThrows(anyText(CAPTURES.dmon), (t) => {
      parseDmon(t)
      const line = createDmonLineParser()
      for (const l of t.split('\n')) line(l)
    }))
  it('collect_env', () => neverThrows(anyText(CAPTURES.collectEnv), (t) => (parseCollectEnv(t), analyzeText(t))))
  it('ldd', () => neverThrows(anyText(CAPTURES.ldd), (t) => (parseLdd(t), analyzeText(t))))
  it('logs and kernel logs', () => neverThrows(anyText([...CAPTURES.logs, 'NVRM: Xid (PCI:0000:17:00): 79, pid=123, GPU has fallen off the bus.']), (t) => (analyzeText(t), parseXids(t))))

  it('report and diagnosis JSON: a result or a ReportInputError', () => {
    const json = fc.oneof(
      fc.json({ maxDepth: 6 }),
      damaged(CAPTURES.report),
      // Valid JSON, wrong values: a real report with one leaf replaced by any JSON value.
      fc.tuple(fc.constantFrom(...CAPTURES.report), fc.nat(), fc.jsonValue({ maxDepth: 3 })).map(([text, pick, value]) => {
        const leaves: Array<[Record<string, unknown>, string]> = []
        const walk = (v: unknown) => {
          if (!v || typeof v !== 'object') return
          for (const [k, c] of Object.entries(v)) {
            leaves.push([v as Record<string, unknown>, k])
            walk(c)
          }
        }
        const doc = JSON.parse(text) as unknown
        walk(doc)
        const [parent, key] = leaves[pick % leaves.length]!
        parent[key] = value
        return JSON.stringify(doc)
      }),
    )
    neverThrows(json, (t) => {
      try {
        parseReportInput(t)
      } catch (error) {
        if (!(error instanceof ReportInputError)) throw error
      }
    }, 300)
  })

  it('docker image config: env, labels, tags, NVIDIA_REQUIRE_CUDA, references, sizes and GPU lists', () => {
    const str = fc.string({ unit: 'binary', maxLength: 200 })
    fc.assert(
      fc.property(fc.array(str, { maxLength: 20 }), fc.dictionary(str, str, { maxKeys: 10 }), fc.array(str, { maxLength: 5 }), str, (env, labels, tags, text) => {
        imageVersions(envMap([...env, `NVIDIA_REQUIRE_CUDA=${text}`, `CUDA_VERSION=${text}`]), labels, tags)
        parseRequireCuda(text)
        parseImageReference(text)
        parseByteSize(text)
        parseGpuSelection(text)
      }),
      { numRuns: 500 },
    )
  })
})

describe('64 KiB of input parses within 200 ms', () => {
  const PARSERS: Array<[string, (t: string) => unknown, string[]]> = [
    ['parseSmiOutput (table)', parseSmiOutput, CAPTURES.table],
    ['parseSmiOutput (XML)', parseSmiOutput, CAPTURES.xml],
    ['parseSmiOutput (-q)', parseSmiOutput, CAPTURES.q],
    ['parseDmon', parseDmon, CAPTURES.dmon],
    ['analyzeText (collect_env)', analyzeText, CAPTURES.collectEnv],
    ['analyzeText (ldd)', analyzeText, CAPTURES.ldd],
    ['analyzeText (log lines)', analyzeText, CAPTURES.logs],
  ]
  it.each(PARSERS)('%s: real captures repeated to 64 KiB, and 64 KiB of one character', (_name, parse, samples) => {
    const big = samples.join('\n').repeat(Math.ceil(65_536 / samples.join('\n').length)).slice(0, 65_536)
    for (const text of [big, '|'.repeat(65_536), ' '.repeat(65_536), '<'.repeat(65_536), `${'a: '.repeat(21_845)}\n`, '\n'.repeat(65_536)]) {
      parse(text) // warm-up: the first call compiles
      expect(cpuTimed(() => parse(text)), `${text.slice(0, 10)}… (CPU ms)`).toBeLessThan(200)
    }
  })
})
