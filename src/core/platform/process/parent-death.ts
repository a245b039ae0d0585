import { spawnSync } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, isAbsolute, join } from 'node:path'

/**
 * Children must never outlive GPU Doctor: a probe left running holds GPU memory and keeps its load
 * going, an nvidia-smi left streaming keeps sampling. A `kill -9` of GPU Doctor runs no handler, so
 * on Linux the kernel does it: each program is started through util-linux's `setpriv --pdeathsig
 * KILL`, which sets PR_SET_PDEATHSIG and then execs the program (same PID), so the kernel SIGKILLs
 * it the moment this process dies, even when it is hung in a system call or a busy loop.
 *
 * Where setpriv (util-linux ≥ 2.33) is missing, and on Windows and macOS, programs start unwrapped;
 * the probe then ends through its own stdin/parent watch (`--parent-watch`), and a streaming
 * nvidia-smi at its next write into the closed pipe.
 */

let setprivPath: string | null | undefined

/** The setpriv that understands --pdeathsig, checked once per process (a ~2 ms spawn). */
function pdeathsigWrapper(): string | null {
  if (setprivPath !== undefined) return setprivPath
  setprivPath = null
  if (process.platform !== 'linux' || process.env.GPU_DOCTOR_NO_PDEATHSIG === '1') return setprivPath
  for (const candidate of ['/usr/bin/setpriv', '/bin/setpriv']) {
    if (!isExecutableFile(candidate)) continue
    const probe = spawnSync(candidate, ['--pdeathsig', 'KILL', '--', 'true'], { timeout: 2000, stdio: 'ignore' })
    if (probe.status === 0) setprivPath = candidate
    break
  }
  return setprivPath
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The program spawn would run: a path as given, a bare name through PATH; null when nothing runnable is there. */
function resolveProgram(command: string, env: NodeJS.ProcessEnv): string | null {
  if (isAbsolute(command) || command.includes('/')) return isExecutableFile(command) ? command : null
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutableFile(join(dir, command))) return join(dir, command)
  }
  return null
}

export interface Spawnable {
  command: string
  args: string[]
  /** argv[0] for spawn itself to set (no wrapper); absent: the command. */
  argv0?: string
  /** Whether the kernel will kill the program when this process dies. */
  diesWithParent: boolean
}

/**
 * The command line that runs `command args` so that it dies with this process. A program that
 * cannot be found or run is left unwrapped, so the spawn still fails with ENOENT / EACCES and the
 * caller explains it as before.
 */
export function dieWithParent(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env, argv0?: string): Spawnable {
  const wrapper = pdeathsigWrapper()
  const program = wrapper ? resolveProgram(command, env) : null
  const unwrapped = { command, args: [...args], diesWithParent: false, ...(argv0 === undefined ? {} : { argv0 }) }
  if (!wrapper || !program) return unwrapped
  if (argv0 === undefined) return { command: wrapper, args: ['--pdeathsig', 'KILL', '--', program, ...args], diesWithParent: true }
  // setpriv cannot set argv[0]; bash's `exec -a` can (-p: no $BASH_ENV, no functions from the environment).
  const bash = BASH_PATHS.find(isExecutableFile)
  if (!bash) return unwrapped
  return { command: wrapper, args: ['--pdeathsig', 'KILL', '--', bash, '-p', '-c', 'exec -a "$0" "$@"', argv0, program, ...args], diesWithParent: true }
}

const BASH_PATHS = ['/usr/bin/bash', '/bin/bash']
