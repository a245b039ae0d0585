// Hardening, round four, item 2: every rule that reads a paste (or a live error) runs in time linear in its input.
// A backtracking regex that splits a long run of characters every way took 203 s on a 16 KB paste; the CLI sat at
// 100 % CPU and did not hear Ctrl-C. Here each regex the rules use, each text rule as analyze applies it, and the
// whole analysis get adversarial input of 1 MiB: the time may grow with the input (16x from 64 KiB to 1 MiB) but not
// with its square (256x), and stays under a bound. Times are CPU times, so a loaded machine does not count against a rule.
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { analyzeText, textRuleFindings } from '../../../../src/core/domain/rules/analyze-text'
import { classifyCudaError, classifyImportFailure } from '../../../../src/core/domain/rules/classify-error'
import { importCauses } from '../../../../src/core/domain/rules/import-failure-rules'
import { TEXT_RULES } from '../../../../src/core/domain/rules/text-rules'
import { cpuMs } from '../../../helpers/cpu-time'
import { type AttackInput, attackInputs, attackText, exampleMatch, ruleRegexes, timeRegex } from '../../../helpers/rule-regexes'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const KIB = 1024
const MIB = 1024 * KIB
const SCREEN = 4 * KIB
const SMALL = 64 * KIB
// From 64 KiB to 1 MiB: linear 16x, quadratic 256x. Three times the linear growth leaves room for a GC pause or a busy machine.
const MAX_GROWTH = 48
// Below this a time is noise (V8 compiles a regex to machine code once it has run a while, a GC pauses) and fast
// enough whatever its growth: a quadratic regex takes seconds at 1 MiB.
const NOISE_MS = 50

/** The fastest of `runs` timings (a busy machine makes a run slower, never faster); one run past `enoughMs` is enough. */
function fastest(run: () => void, runs = 2, enoughMs = 1000): number {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const started = cpuMs()
    run()
    best = Math.min(best, cpuMs() - started)
    if (best > enoughMs) break
  }
  return best
}

const SIZES = [4 * KIB, 16 * KIB, SMALL, 256 * KIB, MIB]

/**
 * Why `run` is not linear on an input at 4 KiB, 16 KiB, … 1 MiB, or null. Each step is 4x the last: the time may
 * grow 4x (12x allowed) but not 16x (quadratic) or 64x (cubic), nor pass `limitMs`. A step that fails stops the
 * climb: a quadratic regex takes seconds at 1 MiB, a cubic one hours.
 */
function superLinear(run: (text: string) => void, text: (size: number) => string, limitMs: number): string | null {
  let last: { size: number; ms: number } | null = null
  for (const size of SIZES) {
    const input = text(size)
    // Twice, the faster counts: the first run also flattens the string and may meet a GC or an unoptimised regex.
    const measure = () => fastest(() => run(input))
    const slow = (ms: number) => ms > limitMs || (last !== null && ms > NOISE_MS && ms > last.ms * (MAX_GROWTH / 4))
    let ms = measure()
    // Measured again before it counts (unless far too slow): a pause of the machine is not a slow rule.
    if (slow(ms) && ms < limitMs * 2) ms = Math.min(ms, measure())
    if (slow(ms)) return `${last ? `${(last.size / KIB).toFixed(0)} KiB ${last.ms.toFixed(1)} ms, ` : ''}${(size / KIB).toFixed(0)} KiB ${ms.toFixed(0)} ms`
    last = { size, ms }
  }
  return null
}

/** The inputs slowest at 4 KiB, at most `count`: the ones worth timing at 64 KiB and 1 MiB. */
function slowestInputs(inputs: AttackInput[], run: (text: string) => void, count: number): AttackInput[] {
  return inputs
    .map((input) => {
      const text = attackText(input, SCREEN)
      return { input, ms: fastest(() => run(text), 1) }
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((x) => x.input)
}

const show = (input: AttackInput) => `${JSON.stringify(input.prefix.slice(0, 30))} + ${JSON.stringify(input.pump.slice(0, 30))} × n + ${JSON.stringify(input.suffix)}`

describe('every rule reads a paste in time linear in its length (1 MiB of adversarial input)', () => {
  it('each regex of the rules and the parsers analyze runs, on inputs built from its own structure', async () => {
    const regexes = await ruleRegexes(ROOT)
    // The rule files, the nvidia-smi parsers, the GPU name patterns: a new file or rule is found, not listed here.
    expect(regexes.length).toBeGreaterThan(300)
    const slow: string[] = []
    for (const { where, re } of regexes) {
      const run = (text: string) => timeRegex(re, text)
      for (const input of slowestInputs(attackInputs(re), run, 2)) {
        const why = superLinear(run, (size) => attackText(input, size), 1000)
        if (why) {
          slow.push(`${where} /${re.source}/${re.flags} on ${show(input)}: ${why}`)
          break
        }
      }
    }
    expect(slow).toEqual([])
  }, 600_000)

  it('each text rule as analyze applies it (as pasted, unwrapped, rejoined at the wrap width, its parameters read)', () => {
    const slow: string[] = []
    for (const [i, rule] of TEXT_RULES.entries()) {
      const run = (text: string) => textRuleFindings(text, [rule])
      // The rule's own adversarial inputs, alone and after a line the rule matches (so that its parameters are read).
      const inputs = [rule.pattern, rule.requires, rule.unless].flatMap((re) => (re ? attackInputs(re) : []))
      const example = exampleMatch(rule.pattern)
      const matching = example !== null && textRuleFindings(example, [rule]).length > 0 ? `${example}\n` : ''
      const all = [...inputs, ...inputs.map((input) => ({ ...input, prefix: matching + input.prefix }))]
      for (const input of slowestInputs(all, run, 2)) {
        const why = superLinear(run, (size) => attackText(input, size), 1500)
        if (why) {
          slow.push(`TEXT_RULES[${i}] (${rule.id}) on ${show(input)}: ${why}`)
          break
        }
      }
    }
    expect(slow).toEqual([])
  }, 600_000)
})

// The inputs the issue names, at the size it names, and 1 MiB versions of the rules it names.
const REPORTED: Array<[string, (size: number) => string]> = [
  ['".so" repeated, then an nvJitLink "undefined symbol" line (203 s at 16 KB)', (n) => `${'.so'.repeat(n / 3)}\nundefined symbol: __nvJitLinkAddData_12_1`],
  ['":" and spaces (43 s at 400 KB)', (n) => `:${' '.repeat(n)}`],
  ['"NVRM: Xid " and tabs (7 s at 80 KB)', (n) => `NVRM: Xid ${'\t'.repeat(n)}`],
  ['out of memory: a long number', (n) => `CUDA out of memory. ${'1.'.repeat(n / 2)}`],
  ['out of memory: digits', (n) => `RuntimeError: CUDA out of memory. Tried to allocate 2 GiB. ${'9'.repeat(n)}`],
  ['"LnkSta: " repeated', (n) => 'LnkSta: '.repeat(n / 8)],
  ['"import torch" repeated', (n) => 'import torch\n'.repeat(n / 13)],
  ['"libcudnn" repeated', (n) => `${'libcudnn'.repeat(n / 8)}: cannot open shared object file`],
  ['"The detected CUDA version (" repeated', (n) => 'The detected CUDA version ('.repeat(n / 27)],
  ['"Error loading " repeated', (n) => 'Error loading '.repeat(n / 14)],
  ['an ldd header of ".so"', (n) => `libc.so.6 => /lib/libc.so.6 (0x1)\nlibm.so.6 => /lib/libm.so.6 (0x1)\n${'.so'.repeat(n / 3)}-:`],
  ['a table row of blanks', (n) => `| NVIDIA-SMI 535.1 Driver Version: 535.1 CUDA Version: 12.2 |\n|  0  A${' '.repeat(n)}B |`],
]

describe('the reported inputs: analyze and the live error classifier answer at once', () => {
  it.each(REPORTED)('%s', (_, text) => {
    // Each took seconds to minutes at its reported size; linear, 1 MiB takes well under a second.
    expect(superLinear((t) => analyzeText(t), text, 5000)).toBeNull()
  })

  it('a crafted live error of 4,000 characters (the probe cap) is classified in milliseconds, not seconds', () => {
    const crafted = [...REPORTED.map(([, text]) => text(4000).slice(-4000)), `${'.so'.repeat(1300)}: undefined symbol: __nvJitLinkCreate`]
    for (const error of crafted) {
      const ms = fastest(() => {
        classifyCudaError(error, 'torch.cuda.init()', 0)
        classifyImportFailure({ python: 'python3', pythonVersion: '3.12', text: error, errorType: 'ImportError', failure: undefined })
        importCauses({ python: 'python3', text: error, errorType: 'ImportError', failure: undefined })
      })
      expect(ms, error.slice(0, 60)).toBeLessThan(250)
    }
  })
})
