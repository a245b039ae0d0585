import type { Finding, Severity } from '../../shared/diagnosis'
import { parseSmiOutput } from '../nvidia-smi/parse-any'
import { collectEnvFindings } from './collect-env-rules'
import { type TextKind, detectTextKind } from './detect-text-kind'
import { makeFinding } from './finding-catalog'
import { lddFindings } from './ldd-rules'
import { parseCollectEnv } from './parse-collect-env'
import { parseLdd } from './parse-ldd'
import { smiFindings } from './smi-rules'
import { TEXT_RULES } from './text-rules'

/** What analyzeText recognised in a pasted text. */
export interface TextAnalysis {
  kind: TextKind
  findings: Finding[]
}

// The paste also shows the import failing: a library resolved elsewhere is then the cause, not a risk.
const FAILING_IMPORT = /undefined symbol|ImportError|OSError: .*\.so|cannot open shared object file/i
const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 }
const MAX_EVIDENCE = 500

function lineAt(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1
  const end = text.indexOf('\n', index)
  const line = text.slice(start, end === -1 ? undefined : end).trim()
  return line.length > MAX_EVIDENCE ? `${line.slice(0, MAX_EVIDENCE)}…` : line
}

/**
 * Pastes are often hard-wrapped (a terminal, an issue form, a log viewer): "Bus error … shared" on one
 * line and "memory" on the next. Each rule is tried on the text as pasted, then with line breaks joined.
 */
function unwrapped(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*/g, ' ')
}

function textRuleFindings(text: string): Finding[] {
  const findings: Finding[] = []
  const flat = unwrapped(text)
  for (const rule of TEXT_RULES) {
    if (rule.requires && !rule.requires.test(text) && !rule.requires.test(flat)) continue
    if (rule.unless?.test(text)) continue
    const asPasted = rule.pattern.exec(text)
    const match = asPasted ?? rule.pattern.exec(flat)
    if (!match) continue
    const source = asPasted ? text : flat
    findings.push(makeFinding(rule.id, rule.severity, rule.params?.(match, source) ?? {}, lineAt(source, match.index)))
  }
  return findings
}

// The file ldd was run on, when the paste shows it: `$ ldd /path/lib.so` or a `/path/lib.so:` header.
function lddSubject(text: string): string {
  return /(?:^|[$#>]\s*)ldd\s+(?:-\S+\s+)*(\S+)/m.exec(text)?.[1] ?? /^(\S+\.so[\w.]*):\s*$/m.exec(text)?.[1] ?? 'ldd'
}

function structuredFindings(kind: TextKind, text: string): Finding[] {
  switch (kind) {
    case 'collect_env':
      return collectEnvFindings(parseCollectEnv(text))
    case 'ldd':
      return lddFindings(parseLdd(text), lddSubject(text), { failingImport: FAILING_IMPORT.test(text) })
    case 'nvidia-smi': {
      const parsed = parseSmiOutput(text)
      return 'status' in parsed ? smiFindings(parsed.status) : []
    }
    case 'log':
      return []
  }
}

// One finding per id: the first (structured rules come first and carry the most parameters)
// keeps its evidence, later ones add missing parameters and can raise the severity.
function dedupe(findings: Finding[]): Finding[] {
  const byId = new Map<string, Finding>()
  for (const finding of findings) {
    const seen = byId.get(finding.id)
    if (!seen) {
      byId.set(finding.id, finding)
      continue
    }
    const severity = RANK[finding.severity] < RANK[seen.severity] ? finding.severity : seen.severity
    const params = { ...finding.params, ...seen.params }
    byId.set(finding.id, makeFinding(seen.id, severity, params, seen.evidence ?? finding.evidence))
  }
  return [...byId.values()]
}

/**
 * Recognises a pasted text (nvidia-smi output, a collect_env report, ldd output or any log; LF or
 * CRLF) and returns what the rules found in it, one finding per id, errors first.
 */
export function analyzeText(text: string): TextAnalysis {
  const clean = (text ?? '').replace(/\r\n?/g, '\n')
  const kind = detectTextKind(clean)
  const findings = dedupe([...structuredFindings(kind, clean), ...textRuleFindings(clean)])
  return { kind, findings: findings.sort((a, b) => RANK[a.severity] - RANK[b.severity]) }
}
