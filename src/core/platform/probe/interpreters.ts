import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, join } from 'node:path'

import { runProcess } from '../process/run-process'
import { readInterpreterIdentity } from './interpreter-identity'
import { interpreterLaunch } from './pinned-interpreters'

export type InterpreterSource = 'path' | 'venv' | 'conda' | 'py-launcher' | 'explicit'

export interface Interpreter {
  path: string
  source: InterpreterSource
  version: string | null
  /** Where `import torch` would load from, found without importing it (importlib.util.find_spec). */
  torchLocation: string | null
  /** What torch was built for, read from its version.py without importing it: a CPU-only build can never use the GPU. */
  torchBuild?: TorchBuild
  error: string | null
}

/** `cuda`/`rocm`: torch's version.py names a CUDA or HIP version; `cpu`: it names none; `unknown`: unreadable. */
export type TorchBuild = 'cuda' | 'rocm' | 'cpu' | 'unknown'

const CONDA_ROOTS = ['miniconda3', 'anaconda3', 'miniforge3', 'mambaforge', 'micromamba', '.conda']

function candidates(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Array<{ path: string; source: InterpreterSource }> {
  const win = platform === 'win32'
  const bin = (prefix: string) => (win ? join(prefix, 'python.exe') : join(prefix, 'bin', 'python'))
  const out: Array<{ path: string; source: InterpreterSource }> = []
  if (env.VIRTUAL_ENV) out.push({ path: win ? join(env.VIRTUAL_ENV, 'Scripts', 'python.exe') : bin(env.VIRTUAL_ENV), source: 'venv' })
  if (env.CONDA_PREFIX) out.push({ path: bin(env.CONDA_PREFIX), source: 'conda' })
  for (const dir of (env.PATH ?? env.Path ?? '').split(win ? ';' : delimiter).filter(Boolean)) {
    for (const name of win ? ['python.exe', 'python3.exe'] : ['python3', 'python']) out.push({ path: join(dir, name), source: 'path' })
  }
  const home = env.HOME ?? env.USERPROFILE ?? homedir()
  const roots = [...CONDA_ROOTS.map((r) => join(home, r)), '/opt/conda', '/opt/miniconda3', '/usr/local/miniconda3']
  for (const root of roots) {
    if (!existsSync(root)) continue
    out.push({ path: bin(root), source: 'conda' })
    const envs = join(root, 'envs')
    try {
      for (const e of readdirSync(envs)) out.push({ path: bin(join(envs, e)), source: 'conda' })
    } catch {
      // no envs folder
    }
  }
  return out
}

// torch/version.py says `cuda = None` (or `cuda: Optional[str] = None`) in a CPU-only build; read 8 KiB at most.
const PROBE_SNIPPET = [
  'import sys,os,re,importlib.util as u',
  "s=u.find_spec('torch');o=(s.origin if s else '') or '';b=''",
  'try:',
  " t=open(os.path.join(os.path.dirname(o),'version.py'),encoding='utf-8',errors='replace').read(8192) if o else ''",
  " v=lambda n:(re.search(r'^'+n+r'\\b[^=\\n]*=\\s*(.+)$',t,re.M) or [None,''])[1].strip()",
  " b='' if not o else 'cuda' if v('cuda') not in ('','None') else 'rocm' if v('hip') not in ('','None') else 'cpu' if v('cuda')=='None' else 'unknown'",
  'except Exception:',
  " b='unknown' if o else ''",
  'print(sys.version.split()[0]);print(o);print(b)',
].join('\n')

/** Asks one interpreter for its version and where torch would come from (fast: no import). */
export async function inspectInterpreter(path: string, source: InterpreterSource, env?: NodeJS.ProcessEnv): Promise<Interpreter> {
  const launch = interpreterLaunch(path)
  if ('refused' in launch) return { path, source, version: null, torchLocation: null, error: launch.refused }
  const run = await runProcess(launch.command, ['-c', PROBE_SNIPPET], { timeoutMs: 8000, env, argv0: launch.argv0 })
  if (run.exitCode !== 0) {
    const why = run.spawnError ? (run.spawnError.code === 'ENOENT' ? 'not found' : run.spawnError.message) : run.timedOut ? 'timed out' : run.stderr.trim().split('\n').pop() || `exit ${run.exitCode}`
    return { path, source, version: null, torchLocation: null, error: why }
  }
  const [version = null, torch = '', build = ''] = run.stdout.trim().split('\n')
  const torchBuild = (['cuda', 'rocm', 'cpu', 'unknown'] as const).find((b) => b === build.trim())
  return { path, source, version, torchLocation: torch || null, ...(torch && torchBuild ? { torchBuild } : {}), error: null }
}

/**
 * Every Python worth offering: the active venv / conda env, python3/python on PATH, conda envs
 * under the usual roots, and on Windows the `py` launcher's list. Links to one listed already removed.
 */
export async function detectInterpreters(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<Interpreter[]> {
  const list = candidates(env, platform)
  if (platform === 'win32') {
    const py = await runProcess('py', ['-0p'], { timeoutMs: 5000, env })
    for (const line of py.stdout.split(/\r?\n/)) {
      const m = /([A-Za-z]:\\.*python\.exe)\s*$/i.exec(line.trim())
      if (m) list.push({ path: m[1]!, source: 'py-launcher' })
    }
  }
  // One entry per interpreter: a link to a python listed already is dropped, a venv whose bin/python
  // links to one is not (it is another interpreter, with its own site-packages).
  const seen = new Set<string>()
  const unique = list.filter(({ path }) => {
    const identity = readInterpreterIdentity(path)
    if (!identity || seen.has(identity.program)) return false
    seen.add(identity.program)
    return true
  })
  return Promise.all(unique.map((c) => inspectInterpreter(c.path, c.source, env)))
}

/** The interpreter to use when none is chosen: the first with torch, else the first that runs. */
export function pickDefault(list: Interpreter[]): Interpreter | null {
  return list.find((i) => i.torchLocation && !i.error) ?? list.find((i) => !i.error) ?? null
}
