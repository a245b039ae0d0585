import type { Finding, Severity } from '../../../shared/diagnosis'
import type { GpuStatus } from '../../../shared/gpu'
import { driverMaxCuda } from '../../knowledge/compat/driver-max-cuda'
import { identifyGpu } from '../../knowledge/compat/gpu-identity'
import { parseSmiOutput } from '../../platform/nvidia-smi/parse-any'
import { collectEnvFindings } from './collect-env-rules'
import { crossCheckCauses } from './cross-check-causes'
import { formatCuda } from '../../knowledge/compat/cuda-version'
import { type TextKind, detectTextKind } from './detect-text-kind'
import { weighCauses } from './differential'
import { makeFinding, remakeFinding } from '../findings/finding-catalog'
import { installPlatformOf, withInstallFixes } from '../install/install-fixes'
import { type InstallContext, UNKNOWN_MACHINE } from '../findings/install-params'
import { importCauses } from './import-failure-rules'
import { lddFindings } from './ldd-rules'
import { type CollectEnv, parseCollectEnv } from './parse-collect-env'
import { parseLdd } from './parse-ldd'
import { type PasteFacts, pasteFacts } from './paste-facts'
import { smiFindings } from './smi-rules'
import { TEXT_RULES, type TextRule } from './text-rules'
import { CancelledError } from '../../platform/errors'

/** What analyzeText recognised in a pasted text. */
export interface TextAnalysis {
  kind: TextKind
  findings: Finding[]
}

// The paste also shows the import failing: a library resolved elsewhere is then the cause, not a risk.
// (`.{0,400}`: `.*` read to the end of the line from every "OSError: " in it.)
const FAILING_IMPORT = /undefined symbol|ImportError|OSError: .{0,400}\.so|cannot open shared object file/i
// A traceback of `import torch` (or torch's own __init__) ending in an import or loader error. Tried once, from the
// first `import torch`: `(?=(…))\1` takes it and does not give it back (an atomic group), where `A[\s\S]*B` read to
// the end of the text from every `import torch` (quadratic).
const FAILED_TORCH_IMPORT = /^(?=([\s\S]*?(?:import torch\b|torch\/__init__\.py)))\1[\s\S]*(?:ImportError|OSError|ModuleNotFoundError|PermissionError)/
// The loader refusing a libstdc++ too old for a library: the same cause (and fix) whichever import hit it. A GLIBC
// one is left to a failed `import torch`: its fix is about PyTorch's build.
const LOADER_VERSION = /version [`']?(?:GLIBCXX|CXXABI)_[\d.]+[`']? not found \(required by /
// The loader refusing torch's own library (…/torch/lib/libtorch_python.so: a GLIBC too old, an undefined symbol, a file
// missing): a failed `import torch` even when the paste kept only the last line of its traceback. Bounded, on its line.
const TORCH_LIB_REFUSED = /version [`']?GLIBC_[\d.]+[`']? not found \(required by [^)\n]{0,400}[\\/]torch[\\/]lib[\\/]|(?:ImportError|OSError): [^\n]{0,400}?[\\/]torch[\\/]lib[\\/]/
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
  // Line by line, not /[ \t]*\n[ \t]*/g: that regex retries every space of a long run (64 KiB of
  // spaces took seconds). No regex on a line without "NVRM:": a paste of a million short lines is read at once.
  const lines = text.split('\n')
  const last = lines.length - 1
  for (let i = 0; i <= last; i++) {
    let line = i === last ? lines[i]! : trimEndBlank(lines[i]!)
    if (i > 0) line = trimStartBlank(line.includes('NVRM:') ? line.replace(LOG_CONTINUATION, '') : line)
    lines[i] = line
  }
  return lines.join(' ')
}

// A kernel log message continued on the next lines repeats its "NVRM:" prefix (dmesg, journalctl -k).
const LOG_CONTINUATION = /^[ \t]*NVRM:[ \t]*/

/**
 * A terminal or log viewer that wraps at a fixed width splits words ("unsatisfied condi" / "tion: cuda >= 9.0"):
 * lines as long as the wrap width (the most common length of 60 or more, seen at least twice) are joined to the
 * next without a space. Null when the text shows no such width.
 */
function rejoinedAtWrapWidth(text: string): string | null {
  const lines = text.split('\n')
  const counts = new Map<number, number>()
  for (const line of lines) if (line.length >= 60) counts.set(line.length, (counts.get(line.length) ?? 0) + 1)
  const [width, seen] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [0, 0]
  if (seen < 2) return null
  return lines.map((line, i) => (i === lines.length - 1 ? line : line.length === width ? line : `${line}\n`)).join('')
}

function trimStartBlank(line: string): string {
  let start = 0
  while (start < line.length && (line[start] === ' ' || line[start] === '\t')) start++
  return start === 0 ? line : line.slice(start)
}

function trimEndBlank(line: string): string {
  let end = line.endsWith('\r') ? line.length - 1 : line.length
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--
  return line.slice(0, end)
}

/**
 * The causes the quick-index rules recognise in any text: the same rules `analyze` applies to a paste,
 * applied by the diagnosis to a live error (classify-error.ts).
 */
export function knownCauses(text: string): Finding[] {
  return textRuleFindings((text ?? '').replace(/\r\n?/g, '\n'))
}

/** `rules` (the text rules unless given) applied to a text with LF line ends, as analyze applies them. */
export function textRuleFindings(text: string, rules: readonly TextRule[] = TEXT_RULES): Finding[] {
  return finish(textRuleSteps(text, rules))
}

/**
 * Work done in steps: each `yield` is a point where the caller may pause (and a Ctrl-C be heard) or stop.
 * Synchronous callers run the steps without pausing.
 */
type Steps<T> = Generator<void, T, void>

function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
  }
}

function* textRuleSteps(text: string, rules: readonly TextRule[]): Steps<Finding[]> {
  const findings: Finding[] = []
  const flat = unwrapped(text)
  yield
  const rejoined = rejoinedAtWrapWidth(text)
  const tight = rejoined === null ? null : unwrapped(rejoined)
  for (const rule of rules) {
    yield
    if (rule.requires && !rule.requires.test(text) && !rule.requires.test(flat) && !(tight !== null && rule.requires.test(tight))) continue
    if (rule.unless?.test(text)) continue
    const asPasted = rule.pattern.exec(text)
    const asFlat = asPasted ?? rule.pattern.exec(flat)
    const match = asFlat ?? (tight === null ? null : rule.pattern.exec(tight))
    if (!match) continue
    const source = asPasted ? text : asFlat ? flat : tight!
    findings.push(makeFinding(rule.id, rule.severity, rule.params?.(match, source) ?? {}, lineAt(source, match.index)))
  }
  return findings
}

// The file ldd was run on, when the paste shows it: `$ ldd /path/lib.so` or a `/path/lib.so:` header.
function lddSubject(text: string): string {
  // The header: a line "<token>:" whose token ends in .so and a version, checked back from the colon (a lookbehind) once
  // per colon; `^(\S+\.so[\w.]*):` split a long word of ".so" every way (quadratic).
  return /(?:^|[$#>]\s*)ldd\s+(?:-\S+\s+)*(\S+)/m.exec(text)?.[1] ?? /^(\S+):(?<=\S\.so[\w.]*:)\s*$/m.exec(text)?.[1] ?? 'ldd'
}

/** What a structured paste was parsed into, for its findings and for the machine it shows. */
type Parsed = { kind: 'collect_env'; env: CollectEnv } | { kind: 'nvidia-smi'; status: GpuStatus | null } | { kind: 'ldd' | 'log' }

function parse(kind: TextKind, text: string): Parsed {
  if (kind === 'collect_env') return { kind, env: parseCollectEnv(text) }
  if (kind === 'nvidia-smi') {
    const parsed = parseSmiOutput(text)
    return { kind, status: 'status' in parsed ? parsed.status : null }
  }
  return { kind }
}

function structuredFindings(parsed: Parsed, text: string): Finding[] {
  switch (parsed.kind) {
    case 'collect_env':
      return collectEnvFindings(parsed.env)
    case 'ldd':
      return lddFindings(parseLdd(text), lddSubject(text), { failingImport: FAILING_IMPORT.test(text) })
    case 'nvidia-smi':
      return parsed.status ? smiFindings(parsed.status) : []
    case 'log':
      return []
  }
}

// A Windows path (C:\…\) or DLL in a log: the install command is for Windows.
const WINDOWS = /\b[A-Za-z]:\\(?:[^\\\s]+\\)+|\.dll\b|Microsoft Windows/i
// PyTorch's "… with CUDA capability sm_120 is not compatible": the GPU's compute capability.
const CAPABILITY = /with CUDA capability sm_(\d+)(\d)\b/gi
// PyTorch's "Found GPU0 … which is of cuda capability 3.5".
const CAPABILITY_DOTTED = /which is of cuda capability (\d{1,2})\.(\d)\b/gi

/**
 * The machine a paste shows, as far as it shows it, for the install commands of its fixes: the
 * driver's highest CUDA (nvidia-smi's banner, else the driver version through the branch table),
 * Windows or not, the GPUs' compute capabilities. The Python is never known from a paste.
 */
function pastedMachine(parsed: Parsed, text: string, facts: PasteFacts): InstallContext {
  const env = parsed.kind === 'collect_env' ? parsed.env : null
  const status = parsed.kind === 'nvidia-smi' ? parsed.status : null
  const windows = (status?.gpus.some((g) => g.driverModel !== null) ?? false) || WINDOWS.test(text)
  const platform = env?.os ? installPlatformOf(env.os) : windows ? 'win32' : 'linux'
  // The driver's CUDA as the paste states it (paste-facts: a real nvidia-smi banner, PyTorch's "found version", the driver
  // version); a platform-specific driver table where the OS is known.
  const stated = facts.driverCuda?.source.startsWith('PyTorch') ? facts.driverCuda.cuda : null
  const banner = facts.driverCuda?.source.startsWith('nvidia-smi') ? facts.driverCuda.cuda : null
  const fromTable = driverMaxCuda(facts.driverVersion, platform === 'win32' ? 'windows' : platform === 'linux' && env?.os ? 'linux' : undefined)
  const cuda = banner ?? stated ?? fromTable
  const named = (env?.gpus ?? []).flatMap((n) => {
    const r = identifyGpu({ name: n })
    return r.kind === 'known' ? [r.cc] : []
  })
  const fromSmi = (status?.gpus ?? []).flatMap((g) => (g.computeCapability ? [g.computeCapability] : []))
  const said = [...text.matchAll(CAPABILITY), ...text.matchAll(CAPABILITY_DOTTED)].map((m) => `${Number(m[1])}.${m[2]}`)
  const ccs = [...fromSmi, ...named, ...said]
  return { ...UNKNOWN_MACHINE, platform, driverCuda: cuda ? formatCuda(cuda) : null, gpus: [...new Set(ccs)] }
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
    byId.set(finding.id, remakeFinding(seen, severity, params, seen.evidence ?? finding.evidence))
  }
  return [...byId.values()]
}

const TOO_OLD_FOR_ANY = 'driver-too-old-for-pytorch'
// Errors that say the same driver is too old (for the program's CUDA, for the image's): they agree with the floor.
const DRIVER_AGE = new Set(['driver-too-old-for-cuda-runtime', 'image-requires-newer-driver'])

/**
 * "Driver older than every PyTorch wheel" judges the paste's driver against today's wheels. It is a confident cause only
 * where the paste names the PyTorch that ran and no other error explains the paste: an old thread's PyTorch was built
 * for the drivers of its day, and a CPU build fails whatever the driver. An error that says the same driver is too old
 * agrees with it.
 */
function driverFloorWeighed(findings: Finding[], parsed: Parsed, facts: PasteFacts): Finding[] {
  const floor = findings.find((f) => f.id === TOO_OLD_FOR_ANY && f.severity === 'error')
  if (!floor) return findings
  const torchKnown = facts.torchWheels.length > 0 || facts.sheet.torch !== null || (parsed.kind === 'collect_env' && parsed.env.torchVersion !== null)
  const errors = findings.filter((f) => f !== floor && f.severity === 'error')
  if (errors.some((f) => DRIVER_AGE.has(f.id))) return findings
  const explained = errors[0]
  if (torchKnown && !explained) return findings
  const because = explained ? `${explained.id} explains the error` : 'the paste does not say which PyTorch ran'
  return findings.map((f) => (f === floor ? remakeFinding(f, 'warning', f.params, `${f.evidence ?? ''} — ${because}`) : f))
}

/**
 * Recognises a pasted text (nvidia-smi output, a collect_env report, ldd output or any log; LF or
 * CRLF) and returns what the rules found in it, one finding per id, errors first.
 */
export function analyzeText(text: string): TextAnalysis {
  return finish(analysisSteps(text))
}

/**
 * analyzeText for a caller that must stay responsive (the CLI, to Ctrl-C): the event loop runs between its steps,
 * each rule one step. Rejects with CancelledError, between two steps, once `signal` is aborted.
 */
export async function analyzeTextInSteps(text: string, signal?: AbortSignal): Promise<TextAnalysis> {
  const steps = analysisSteps(text)
  for (;;) {
    if (signal?.aborted) throw new CancelledError()
    const next = steps.next()
    if (next.done) return next.value
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}

function* analysisSteps(text: string): Steps<TextAnalysis> {
  const clean = (text ?? '').replace(/\r\n?/g, '\n')
  const kind = detectTextKind(clean)
  yield
  const parsed = parse(kind, clean)
  yield
  const facts = pasteFacts(clean, parsed.kind === 'nvidia-smi' ? parsed.status : null, parsed.kind === 'collect_env' ? parsed.env : null)
  yield
  const structured = structuredFindings(parsed, clean)
  const ruled = yield* textRuleSteps(clean, TEXT_RULES)
  const candidates = dedupe([...structured, ...ruled])
  const found = dedupe(crossCheckCauses(candidates, facts, clean))
  yield
  // A pasted failed `import torch` that no rule explains: the same import rules step 1 applies live.
  if (!found.some((f) => f.severity === 'error') && (FAILED_TORCH_IMPORT.test(clean) || LOADER_VERSION.test(clean) || TORCH_LIB_REFUSED.test(clean))) found.push(...(importCauses({ python: 'python', text: clean, errorType: null, failure: undefined }) ?? []))
  yield
  // Each message that can mean several causes is weighed against the whole paste's facts (the differential).
  const weighed = dedupe(weighCauses(found, facts, clean))
  yield
  const findings = driverFloorWeighed(withInstallFixes(weighed, pastedMachine(parsed, clean, facts)), parsed, facts)
  return { kind, findings: findings.sort((a, b) => RANK[a.severity] - RANK[b.severity]) }
}
