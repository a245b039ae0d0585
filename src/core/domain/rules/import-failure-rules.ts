import type { Finding } from '../../../shared/diagnosis'
import type { ImportFailure } from '../../../shared/probe'
import { makeFinding } from '../findings/finding-catalog'

// What a failed `import torch` says about its cause, beyond the quick-index rules: a C library or
// libstdc++ too old, a shared library missing, a symbol undefined, a compiled dependency that refuses to
// load, a Python dependency missing, a permission problem. Used for a live failure (classify-error.ts)
// and for a pasted one (analyze-text.ts).

const MAX_EVIDENCE = 4000
// A library named before the loader's words ("/path/libfoo.so.1: cannot open shared object file") is read back from
// those words (a lookbehind, evaluated only where they occur), bounded by a file name's 255 characters: read forward,
// `lib[\w.+-]*\.so[\w.]*` or `\/\S+\.so[\w.]*` split a long word every way from every start in it (cubic).
const NO_MODULE = /No module named '([^']+)'/
// The quotes around the version are often lost in a paste (Markdown ate the backtick).
// "(required by X)": X holds no parenthesis, so one match reads no further than the next "(required by".
const GLIBC = /version [`']?GLIBC_([\d.]+)'? not found \(required by ([^()]+)\)/
// The path from the start of its word (`(?<!\S)`): a leading `\S*` retried every character of a long word.
const LIBSTDCXX = /(?<!\S)(\S*libstdc\+\+\.so[\w.]{0,40}): version [`']?((?:GLIBCXX|CXXABI)_[\d.]+)'? not found \(required by ([^()]+)\)/
const MISSING_LIB = /: cannot open shared object file(?<=(lib[\w.+-]{0,255}\.so[\w.]{0,40}): cannot open shared object file)/
const UNDEFINED = /undefined symbol: (?<=(?:(\/\S{0,4095}\.so[\w.]{0,40}): )?undefined symbol: )(\S+)/
const NUMPY_ABI = /compiled using NumPy 1\.x cannot be run in\s+NumPy ([\d.]+)|numpy\.core\.multiarray failed to import|_ARRAY_API not found|module compiled against (?:ABI|API) version/i
// Bounded: `\/\S*\.so` read to the end of a long word from every "/site-packages/" in it.
const DEPENDENCY_SO = /\/(?:site|dist)-packages\/([A-Za-z0-9_]+)\/\S{0,255}?\.so/
const PERMISSION = /Permission denied|PermissionError|failed to map segment from shared object|Operation not permitted/i
const PERMISSION_PATH =
  /(?:Permission denied|Operation not permitted)[^/]{0,400}?(\/[^\s'":]+)|: failed to map segment(?<=(\/[^\s'":]{0,4095}\.so[\w.]{0,40}): failed to map segment)/

export interface ImportCauseInput {
  python: string
  text: string
  errorType: string | null
  failure: ImportFailure | undefined
}

/** The cause a failed import states, or null when it states none these rules know. */
export function importCauses(input: ImportCauseInput): Finding[] | null {
  const { text, failure, python } = input
  const evidence = text.length > MAX_EVIDENCE ? `${text.slice(0, MAX_EVIDENCE)}…` : text
  const mod = NO_MODULE.exec(text)?.[1]

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
  return null
}
