// Every regex that reads pasted text or a live error: the regex literals of the code `analyze` and the error
// classifier run (found through the imports of their entry points, so a new rule file is included), the text
// rules (some built at run time) and the GPU name patterns of gpus.json.
import { compatData } from '../../src/core/knowledge/compat/data'
import { TEXT_RULES } from '../../src/core/domain/rules/text-rules'
import { type FoundRegex, regexLiteralsOf, sourcesReachedFrom } from './regex-adversary'

export { attackInputs, attackText, exampleMatch, runRegex, timeRegex } from './regex-adversary'
export type { AttackInput, FoundRegex } from './regex-adversary'

export const RULE_ENTRIES = ['src/core/domain/rules/analyze-text.ts', 'src/core/domain/rules/classify-error.ts']

/** Each distinct regex (source and flags) once, where it is first written. */
export async function ruleRegexes(root: string): Promise<FoundRegex[]> {
  const files = await sourcesReachedFrom(root, RULE_ENTRIES)
  const rules = TEXT_RULES.flatMap((rule, i) =>
    [rule.pattern, rule.requires, rule.unless].flatMap((re) => (re ? [{ where: `TEXT_RULES[${i}] (${rule.id})`, re }] : [])),
  )
  const gpus = compatData().gpus.gpus.flatMap((row) => row.patterns.map((p) => ({ where: `resources/data/gpus.json (${row.examples[0] ?? row.cc})`, re: new RegExp(p, 'i') })))
  const byKey = new Map<string, FoundRegex>()
  for (const found of [...files.flatMap((f) => regexLiteralsOf(root, f)), ...rules, ...gpus]) {
    const key = `/${found.re.source}/${found.re.flags}`
    if (!byKey.has(key)) byKey.set(key, found)
  }
  return [...byKey.values()]
}
