import { accessSync, constants, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'

export interface LocateOptions {
  /** `--nvidia-smi PATH`: wins over everything else. */
  explicitPath?: string
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  /** Injected for tests; defaults to "is an executable file". */
  isExecutable?: (path: string) => boolean
  listDir?: (path: string) => string[]
}

export interface LocateResult {
  path: string | null
  /** Every place looked at, in order, for the "what was checked" line of an error. */
  checked: string[]
}

const LINUX_EXTRA = ['/usr/bin', '/usr/local/nvidia/bin', '/usr/lib/wsl/lib', '/opt/nvidia/bin']

function windowsCandidates(env: NodeJS.ProcessEnv, listDir: (p: string) => string[]): string[] {
  const systemRoot = env.SystemRoot ?? 'C:\\Windows'
  const programFiles = env.ProgramFiles ?? 'C:\\Program Files'
  const list = [
    join(systemRoot, 'System32', 'nvidia-smi.exe'),
    join(programFiles, 'NVIDIA Corporation', 'NVSMI', 'nvidia-smi.exe'),
  ]
  // DCH drivers put it in the driver store under a versioned folder name.
  const store = join(systemRoot, 'System32', 'DriverStore', 'FileRepository')
  for (const dir of listDir(store)) {
    if (/^nv/i.test(dir)) list.push(join(store, dir, 'nvidia-smi.exe'))
  }
  return list
}

function defaultIsExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function defaultListDir(path: string): string[] {
  try {
    return readdirSync(path)
  } catch {
    return []
  }
}

/**
 * Finds nvidia-smi: `--nvidia-smi`, then GPU_DOCTOR_NVIDIA_SMI, then PATH, then the places
 * drivers install it (Windows System32 / NVSMI / driver store, WSL2's /usr/lib/wsl/lib).
 */
export function locateNvidiaSmi(options: LocateOptions = {}): LocateResult {
  const env = options.env ?? process.env
  const platform = options.platform ?? process.platform
  const isExecutable = options.isExecutable ?? defaultIsExecutable
  const listDir = options.listDir ?? defaultListDir
  const checked: string[] = []

  const pinned = options.explicitPath ?? env.GPU_DOCTOR_NVIDIA_SMI
  if (pinned) {
    checked.push(pinned)
    return { path: isExecutable(pinned) ? pinned : null, checked }
  }

  const exe = platform === 'win32' ? 'nvidia-smi.exe' : 'nvidia-smi'
  const pathDirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean)
  const extra = platform === 'win32' ? windowsCandidates(env, listDir) : LINUX_EXTRA.map((d) => join(d, exe))
  const candidates = [...pathDirs.map((d) => join(d, exe)), ...extra]
  for (const candidate of [...new Set(candidates)]) {
    checked.push(candidate)
    if (isExecutable(candidate)) return { path: candidate, checked }
  }
  return { path: null, checked }
}
