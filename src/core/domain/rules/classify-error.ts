import type { Finding } from '../../../shared/diagnosis'
import type { ImportFailure } from '../../../shared/probe'
import { knownCauses } from './analyze-text'
import { makeFinding } from '../findings/finding-catalog'
import { importCauses } from './import-failure-rules'

// One classifier for an error the diagnosis caught live (a CUDA call that raised, `import torch`
// that failed): first the rules `analyze` applies to pasted text, then what the error itself says,
// and for anything no rule knows the error verbatim as `cuda-error-unrecognised`, never a pass.

const MAX_EVIDENCE = 4000

function verbatim(text: string): string {
  return text.length > MAX_EVIDENCE ? `${text.slice(0, MAX_EVIDENCE)}…` : text
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? ''
}

/** What to paste into a search box: the message without this machine's paths, addresses and numbers that vary. */
export function searchTerms(text: string): string {
  const line = firstLine(text)
    .replace(/^[\w.]+(?:Error|Exception):\s*/, '')
    .replace(/(?:\/[^\s/:'"`]+)+\/?/g, ' ')
    .replace(/0x[0-9a-f]+/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > 160 ? line.slice(0, 160) : line
}

/** The known causes a live error shows; errors and warnings only (an info line is not a cause). */
function recognised(text: string): Finding[] {
  return knownCauses(text).filter((f) => f.severity !== 'info')
}

/**
 * A CUDA call that raised on a device (or CUDA initialisation): the cause a rule knows, else
 * `cuda-error-unrecognised` quoting the error, where it happened, what to search and how to reproduce it.
 */
export function classifyCudaError(error: string, where: string, device: number | null, environment: Record<string, string> = {}): Finding[] {
  const known = recognised(error)
  if (known.length > 0) return known.map((f) => ({ ...f, evidence: `${where}\n${verbatim(error)}` }))
  const quoted = quotedVariable(error, environment)
  if (quoted)
    return [
      makeFinding(
        'cuda-error-quotes-environment',
        'error',
        { where, error: firstLine(error), token: quoted.token, name: quoted.name, value: quoted.value },
        `${where}\n${verbatim(error)}`,
      ),
    ]
  return [unrecognised(error, where, device)]
}

const TOO_COMMON = new Set(['true', 'false', 'yes', 'none', 'cuda', 'python', 'lib', 'lib64', 'usr', 'local'])

/**
 * An error no rule knows that quotes a piece of a variable this process was started with ("Unrecognized
 * key 'garbage'" beside PYTORCH_CUDA_ALLOC_CONF=garbage:yes): that variable is the first suspect,
 * whichever it is. Pieces are the value split at , : ; = and spaces, at least 3 characters, not a number.
 */
export function quotedVariable(error: string, environment: Record<string, string>): { name: string; value: string; token: string } | null {
  for (const [name, value] of Object.entries(environment)) {
    for (const token of value.split(/[,:;=\s]+/)) {
      if (token.length < 3 || /^[\d.]+$/.test(token) || TOO_COMMON.has(token.toLowerCase())) continue
      const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      if (new RegExp(`(^|[^\\w])${escaped}([^\\w]|$)`).test(error)) return { name, value, token }
    }
  }
  return null
}

function unrecognised(error: string, where: string, device: number | null): Finding {
  const repro =
    device === null
      ? 'python -c "import torch; print(torch.__version__)"'
      : `CUDA_LAUNCH_BLOCKING=1 python -c "import torch; d = torch.device('cuda', ${device}); x = torch.ones(1, device=d); torch.cuda.synchronize(d); print(torch.cuda.get_device_name(d), x.item())"`
  return makeFinding(
    'cuda-error-unrecognised',
    'error',
    { where, error: firstLine(error), search: searchTerms(error), repro },
    `${where}\n${verbatim(error)}`,
  )
}

export interface ImportFailureInput {
  python: string
  pythonVersion: string | null
  /** The whole message (probe 1.3+), else its first line. */
  text: string
  errorType: string | null
  failure: ImportFailure | undefined
}

const NO_MODULE = /No module named '([^']+)'/
const WRONG_PYTHON_SYMBOL = /undefined symbol: (_?Py\w+)/

/** Which Python a compiled module was built for: _C.cpython-312-x86_64-linux-gnu.so → 3.12. */
function builtFor(extensions: string[]): string | null {
  const m = extensions.map((e) => /cpython-(\d)(\d+)/.exec(e)).find(Boolean)
  return m ? `${m[1]}.${m[2]}` : null
}

/**
 * A failed `import torch`, classified by what it says: torch absent (then, and only then,
 * `torch-not-installed`), a Python the wheel was not built for, a cause the rules know, then what the
 * import's own rules read in it (import-failure-rules.ts); anything else verbatim.
 */
export function classifyImportFailure(input: ImportFailureInput): Finding[] {
  const { text, failure, python } = input
  const evidence = verbatim(text)
  const mod = NO_MODULE.exec(text)?.[1]
  if (mod === 'torch' && failure?.torchFound !== true) return [makeFinding('torch-not-installed', 'error', { python, error: firstLine(text) }, evidence)]

  const extensions = failure?.torchCExtensions ?? []
  const suffix = failure?.extSuffix ?? null
  const noMatchingC = extensions.length > 0 && suffix !== null && !extensions.some((e) => e.endsWith(suffix))
  const wrongSymbol = WRONG_PYTHON_SYMBOL.test(text)
  if ((mod?.startsWith('torch._C') || /cannot import name '_C'/.test(text) || wrongSymbol) && (noMatchingC || wrongSymbol))
    return [
      makeFinding(
        'torch-import-wrong-python',
        'error',
        { python, pythonVersion: input.pythonVersion ?? '?', builtFor: builtFor(extensions) ?? '?', extensions: extensions.join(', ') || '(none)' },
        evidence,
      ),
    ]

  const known = recognised(text)
  if (known.some((f) => f.severity === 'error')) return known.map((f) => ({ ...f, evidence }))
  return importCauses(input) ?? [unrecognised(text, 'import torch', null)]
}
