import type { Finding, Severity } from '../../../shared/diagnosis'
import { remakeFinding } from '../findings/finding-catalog'

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 }

/**
 * One finding per id within a step: several of one id (a GPU each, a case each) become one whose
 * params list each instance's value in order ("GPU 0, 1"), so the text still renders in either language,
 * and whose evidence keeps each original message verbatim.
 */
export function mergeSameId(findings: readonly Finding[]): Finding[] {
  const groups = new Map<string, Finding[]>()
  for (const f of findings) groups.set(f.id, [...(groups.get(f.id) ?? []), f])
  const out: Finding[] = []
  for (const group of groups.values()) {
    if (group.length === 1) {
      out.push(group[0]!)
      continue
    }
    const severity = group.reduce<Severity>((w, f) => (RANK[f.severity] > RANK[w] ? f.severity : w), 'info')
    const keys = [...new Set(group.flatMap((f) => Object.keys(f.params)))]
    // A value all instances share is said once; otherwise every instance's, in order, so that the lists
    // stay aligned ("GPU 0, 1, 2, 3 did 718, 725, 721, 725"): dropping repeats would pair 721 with GPU 3.
    const params = Object.fromEntries(
      keys.map((k) => {
        const values = group.map((f) => f.params[k]).filter((v) => v !== undefined && v !== null).map(String)
        return [k, new Set(values).size === 1 ? values[0]! : values.join(', ')]
      }),
    )
    const evidence = group.map((f) => [f.message, f.evidence].filter(Boolean).join('\n')).join('\n\n')
    const merged = remakeFinding(group[0]!, severity, params, evidence)
    // A fix already tailored to this machine (an install command) stays when every instance had it.
    out.push(group.every((f) => f.fix === group[0]!.fix) ? { ...merged, fix: group[0]!.fix } : merged)
  }
  return out
}
