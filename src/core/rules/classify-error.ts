import type { Finding } from '../../shared/diagnosis'
import type { ImportFailure } from '../../shared/probe'
import { knownCauses } from './analyze-text'
import { makeFinding } from './finding-catalog'

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
export function classifyCudaError(error: string, where: string, device: number | null): Finding[] {
  const known = recognised(error)
  if (known.length > 0) return known.map((f) => ({ ...f, evidence: `${where}\n${verbatim(error)}` }))
  return [unrecognised(error, where, device)]
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
const GLIBC = /version [`']GLIBC_([\d.]+)' not found \(required by ([^)]+)\)/
const LIBSTDCXX = /(\S*libstdc\+\+\.so[\w.]*): version [`']((?:GLIBCXX|CXXABI)_[\d.]+)' not found \(required by ([^)]+)\)/
const MISSING_LIB = /(lib[\w.+-]*\.so[\w.]*): cannot open shared object file/
const UNDEFINED = /(?:(\/\S+\.so[\w.]*): )?undefined symbol: (\S+)/
const NUMPY_ABI = /compiled using NumPy 1\.x cannot be run in\s+NumPy ([\d.]+)|numpy\.core\.multiarray failed to import|_ARRAY_API not found|module compiled against (?:ABI|API) version/i
const DEPENDENCY_SO = /\/(?:site|dist)-packages\/([A-Za-z0-9_]+)\/\S*\.so/
const PERMISSION = /Permission denied|PermissionError|failed to map segment from shared object|Operation not permitted/i
const PERMISSION_PATH = /(?:Permission denied|Operation not permitted)[^/]*?(\/[^\s'":]+)|(\/[^\s'":]+\.so[\w.]*): failed to map segment/

/** Which Python a compiled module was built for: _C.cpython-312-x86_64-linux-gnu.so → 3.12. */
function builtFor(extensions: string[]): string | null {
  const m = extensions.map((e) => /cpython-(\d)(\d+)/.exec(e)).find(Boolean)
  return m ? `${m[1]}.${m[2]}` : null
}

/**
 * A failed `import torch`, classified by what it says: torch absent (then, and only then,
 * `torch-not-installed`), a Python the wheel was not built for, a cause the rules know, a C library
 * or libstdc++ too old, a shared library missing or a symbol undefined, a compiled dependency that
 * refuses to load or a Python dependency missing, a permission problem; anything else verbatim.
 */
export function classifyImportFailure(input: ImportFailureInput): Finding[] {
  const { text, failure, python } = input
  const evidence = verbatim(text)
  const mod = NO_MODULE.exec(text)?.[1]
  const torchFound = failure?.torchFound
  if (mod === 'torch' && torchFound !== true) return [makeFinding('torch-not-installed', 'error', { python, error: firstLine(text) }, evidence)]

  const extensions = failure?.torchCExtensions ?? []
  const suffix = failure?.extSuffix ?? null
  const noMatchingC = extensions.length > 0 && suffix !== null && !extensions.some((e) => e.endsWith(suffix))
  if ((mod?.startsWith('torch._C') || /cannot import name '_C'/.test(text) || WRONG_PYTHON_SYMBOL.test(text)) && (noMatchingC || WRONG_PYTHON_SYMBOL.test(text)))
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

  const cxx = LIBSTDCXX.exec(text)
  if (cxx) return [makeFinding('torch-import-libstdcxx-too-old', 'error', { library: cxx[1]!, required: cxx[2]!, neededBy: cxx[3]! }, evidence)]
  const glibc = GLIBC.exec(text)
  if (glibc) return [makeFinding('torch-import-glibc-too-old', 'error', { required: glibc[1]!, neededBy: glibc[2]!, libc: failure?.libc ?? '?' }, evidence)]

  if (NUMPY_ABI.test(text)) return [makeFinding('torch-import-dependency-broken', 'error', { dependency: 'numpy', python }, evidence)]

  const missing = MISSING_LIB.exec(text)
  if (missing) {
    const searched = failure?.searched ?? []
    const foundAt = failure?.foundAt ?? []
    return [
      makeFinding(
        'torch-import-library-missing',
        'error',
        { library: missing[1]!, searched: searched.join(', ') || '(the loader path)', foundAt: foundAt.join(', ') || 'nowhere on the usual paths' },
        evidence,
      ),
    ]
  }

  const undefinedSym = UNDEFINED.exec(text)
  if (undefinedSym) {
    const needer = undefinedSym[1] ?? failure?.needsSymbol ?? '?'
    const mapped = (failure?.mappedAtFailure ?? []).filter((p) => /lib(cu|nccl|nv|torch|c10)/i.test(p) && p !== needer)
    return [
      makeFinding(
        'torch-import-undefined-symbol',
        'error',
        { symbol: undefinedSym[2]!, library: needer, mapped: mapped.slice(0, 12).join(', ') || '(none of the CUDA libraries was mapped yet)' },
        evidence,
      ),
    ]
  }

  if (mod && mod !== 'torch' && !mod.startsWith('torch.')) return [makeFinding('torch-import-dependency-missing', 'error', { module: mod.split('.')[0]!, python }, evidence)]

  if (PERMISSION.test(text) || input.errorType === 'PermissionError' || failure?.torchDirReadable === false) {
    const m = PERMISSION_PATH.exec(text)
    return [makeFinding('torch-import-permission-denied', 'error', { path: m?.[1] ?? m?.[2] ?? failure?.torchDir ?? '?', python }, evidence)]
  }

  const dep = DEPENDENCY_SO.exec(text)?.[1]
  if (dep && dep !== 'torch' && dep !== 'nvidia') return [makeFinding('torch-import-dependency-broken', 'error', { dependency: dep, python }, evidence)]

  return [unrecognised(text, 'import torch', null)]
}
