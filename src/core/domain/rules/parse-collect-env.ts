/** A package line of collect_env's "Versions of relevant libraries" section. */
export interface CollectEnvPackage {
  manager: 'pip' | 'conda'
  name: string
  version: string
  /** conda build string (`py3.7_cuda90_cudnn7_1`); null for pip and for conda `<pip>` entries. */
  build: string | null
  channel: string | null
  line: string
}

/** What `python -m torch.utils.collect_env` reported. A value it could not collect is null. */
export interface CollectEnv {
  torchVersion: string | null
  debugBuild: boolean | null
  /** `10.2`; the literal `None` for a build without CUDA; null when the line is absent. */
  cudaBuild: string | null
  os: string | null
  cudaAvailable: boolean | null
  cudaRuntime: string | null
  /** GPU names, without the `GPU 0: ` prefix. */
  gpus: string[]
  driverVersion: string | null
  /** The cuDNN entries: versions (`8.9.2`) or library paths, one per listed file. */
  cudnn: string[]
  packages: CollectEnvPackage[]
  /** The raw lines behind each field, by collect_env's key, for evidence. */
  lines: Record<string, string>
}

const KEYS = [
  'PyTorch version',
  'Is debug build',
  'CUDA used to build PyTorch',
  'ROCM used to build PyTorch',
  'OS',
  'GCC version',
  'Clang version',
  'CMake version',
  'Libc version',
  'Python version',
  'Python platform',
  'Is CUDA available',
  'CUDA runtime version',
  'CUDA_MODULE_LOADING set to',
  'GPU models and configuration',
  'Nvidia driver version',
  'cuDNN version',
  'HIP runtime version',
  'MIOpen runtime version',
  'Is XNNPACK available',
] as const

const NOT_COLLECTED = /^(?:Could not collect|No CUDA|N\/A)$/i

function keyOf(line: string): { key: string; value: string } | null {
  for (const key of KEYS) {
    if (line.startsWith(`${key}:`)) return { key, value: line.slice(key.length + 1).trim() }
  }
  return null
}

function valueOrNull(value: string | undefined): string | null {
  if (value === undefined || value === '' || NOT_COLLECTED.test(value)) return null
  return value
}

function yesNo(value: string | undefined): boolean | null {
  if (value === undefined) return null
  if (/^(?:True|Yes)$/i.test(value)) return true
  if (/^(?:False|No)$/i.test(value)) return false
  return null
}

function parsePackage(line: string): CollectEnvPackage | null {
  // `([^]*\S)?` ends at the last non-blank: `(.*?)\s*$` tried every blank of a long run as the start of the end.
  const match = /^\[(pip\d*|conda)\]\s+([^]*\S)?\s*$/.exec(line)
  if (!match?.[1] || match[2] === undefined || /^Could not collect$/i.test(match[2])) return null
  const rest = match[2]
  if (match[1].startsWith('pip')) {
    // The name has no "=": `(\S+?)==` tried every "==" of a long word with the rest of it.
    const pip = /^([^\s=]+)==(\S+)$/.exec(rest)
    if (!pip?.[1] || !pip[2]) return null
    return { manager: 'pip', name: pip[1], version: pip[2], build: null, channel: null, line }
  }
  const [name, version, build, channel] = rest.split(/\s+/)
  if (!name || !version) return null
  return {
    manager: 'conda',
    name,
    version,
    build: build && build !== '<pip>' ? build : null,
    channel: channel ?? (build === '<pip>' ? 'pip' : null),
    line,
  }
}

// Continuation lines: "GPU 1: …" after the GPU key; library paths or versions after the cuDNN key.
function continuation(key: string, line: string): boolean {
  if (key === 'GPU models and configuration') return /^GPU \d+:/.test(line)
  if (key === 'cuDNN version') return /^(?:\/|[A-Za-z]:\\|\d+\.\d+)/.test(line)
  return false
}

function gpuName(entry: string): string {
  return entry.replace(/^GPU \d+:\s*/, '').trim()
}

/**
 * Parses the output of `python -m torch.utils.collect_env` (every format since PyTorch 1.0: `Yes`/`No`
 * or `True`/`False`, multi-line GPU lists, the cuDNN "Probably one of the following:" list, CRLF).
 */
export function parseCollectEnv(text: string): CollectEnv {
  const rows = text.replace(/\r\n?/g, '\n').split('\n')
  const fields = new Map<string, { value: string; extra: string[]; lines: string[] }>()
  const packages: CollectEnvPackage[] = []
  let current: string | null = null

  for (const raw of rows) {
    const line = raw.trimEnd()
    const keyed = keyOf(line)
    if (keyed) {
      fields.set(keyed.key, { value: keyed.value, extra: [], lines: [line] })
      current = keyed.key
      continue
    }
    const field = current ? fields.get(current) : undefined
    if (current && field && continuation(current, line.trim())) {
      field.extra.push(line.trim())
      field.lines.push(line)
      continue
    }
    if (line.trim() !== '') current = null
    const pkg = parsePackage(line.trim())
    if (pkg) packages.push(pkg)
  }

  const value = (key: string): string | undefined => fields.get(key)?.value
  const gpuField = fields.get('GPU models and configuration')
  const gpuEntries = gpuField ? [gpuField.value, ...gpuField.extra].filter((v) => /^GPU \d+:/.test(v)) : []
  const cudnnField = fields.get('cuDNN version')
  const cudnnHead = valueOrNull(cudnnField?.value)
  const cudnn = cudnnField
    ? [...(cudnnHead && !/^Probably one of the following:?$/i.test(cudnnHead) ? [cudnnHead] : []), ...cudnnField.extra]
    : []

  const lines: Record<string, string> = {}
  for (const [key, field] of fields) lines[key] = field.lines.join('\n')

  return {
    torchVersion: valueOrNull(value('PyTorch version')),
    debugBuild: yesNo(value('Is debug build')),
    cudaBuild: valueOrNull(value('CUDA used to build PyTorch')),
    os: valueOrNull(value('OS')),
    cudaAvailable: yesNo(value('Is CUDA available')),
    cudaRuntime: valueOrNull(value('CUDA runtime version')),
    gpus: gpuEntries.map(gpuName),
    driverVersion: valueOrNull(value('Nvidia driver version')),
    cudnn,
    packages,
    lines,
  }
}
