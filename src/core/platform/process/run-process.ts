import { spawn } from 'node:child_process'

import { dieWithParent } from './parent-death'

export interface RunOptions {
  timeoutMs: number
  /** Output beyond this many bytes per stream is dropped (and `truncated` is set). */
  maxOutputBytes?: number
  /** Kill the child once its stdout passes maxOutputBytes (`stdoutOverflowed`): a flood is never read to the end. */
  stopOnStdoutOverflow?: boolean
  /** Keep the last maxOutputBytes of stderr rather than the first: where the error lines are. */
  keepStderrTail?: boolean
  signal?: AbortSignal
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Called with each complete stderr line as it arrives (live progress). */
  onStderrLine?: (line: string) => void
  /** Called once the child has a PID. */
  onSpawn?: (pid: number) => void
  /**
   * Keeps a pipe on the child's stdin open (nothing is written) until it ends: when this process
   * dies, however it dies, the child reads end-of-file. The probe's parent watch uses it.
   */
  holdStdinOpen?: boolean
  /** The program's argv[0] when it must differ from `command` (a venv's python started as the file its link names). */
  argv0?: string
}

export interface RunResult {
  command: string
  args: readonly string[]
  exitCode: number | null
  /** The signal that ended the process, e.g. SIGKILL after a timeout. */
  exitSignal: NodeJS.Signals | null
  stdout: string
  stderr: string
  timedOut: boolean
  cancelled: boolean
  truncated: boolean
  /** Stdout passed maxOutputBytes (with stopOnStdoutOverflow, the child was killed for it). */
  stdoutOverflowed: boolean
  /** Stderr passed maxOutputBytes (what is kept: its head, or its tail with keepStderrTail). */
  stderrOverflowed: boolean
  /** Set when the program could not be started at all (ENOENT, EACCES...). */
  spawnError: NodeJS.ErrnoException | null
  durationMs: number
}

const DEFAULT_MAX_OUTPUT = 16 * 1024 * 1024

/**
 * Runs a program without a shell and always settles: a timeout, a cancel or a missing binary
 * come back as data. The child is killed on timeout or cancel, and by the kernel when this
 * process dies (see parent-death.ts), so nothing is left running.
 */
export function runProcess(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const started = performance.now()
  const max = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT
  return new Promise((resolve) => {
    const out: Buffer[] = []
    const err: Buffer[] = []
    let outBytes = 0
    let errBytes = 0
    let stdoutOverflowed = false
    let stderrOverflowed = false
    let timedOut = false
    let cancelled = options.signal?.aborted ?? false
    let spawnError: NodeJS.ErrnoException | null = null
    let settled = false

    const env = options.env ?? process.env
    const run = dieWithParent(command, args, env, options.argv0)
    const child = spawn(run.command, run.args, {
      env,
      ...(run.argv0 === undefined ? {} : { argv0: run.argv0 }),
      cwd: options.cwd,
      stdio: [options.holdStdinOpen ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      windowsHide: true,
    })
    // The child may exit without reading its stdin; a late EPIPE is no error of ours.
    child.stdin?.on('error', () => {})

    const collectOut = (chunk: Buffer) => {
      if (outBytes >= max) stdoutOverflowed = true
      else {
        const part = outBytes + chunk.length > max ? chunk.subarray(0, max - outBytes) : chunk
        if (part.length < chunk.length) stdoutOverflowed = true
        out.push(part)
        outBytes += part.length
      }
      if (stdoutOverflowed && options.stopOnStdoutOverflow) kill()
    }
    const collectErr = (chunk: Buffer) => {
      if (options.keepStderrTail) {
        err.push(chunk)
        errBytes += chunk.length
        while (errBytes > max) {
          stderrOverflowed = true
          const first = err[0]!
          const over = errBytes - max
          if (first.length <= over) {
            err.shift()
            errBytes -= first.length
          } else {
            err[0] = first.subarray(over)
            errBytes -= over
          }
        }
        return
      }
      if (errBytes >= max) {
        stderrOverflowed = true
        return
      }
      const part = errBytes + chunk.length > max ? chunk.subarray(0, max - errBytes) : chunk
      if (part.length < chunk.length) stderrOverflowed = true
      err.push(part)
      errBytes += part.length
    }
    child.on('spawn', () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid)
    })
    child.stdout!.on('data', collectOut)
    child.stderr!.on('data', collectErr)
    if (options.onStderrLine) {
      const onLine = options.onStderrLine
      let partial = ''
      child.stderr!.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines) onLine(line)
      })
    }

    function kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    const timer = setTimeout(() => {
      timedOut = true
      kill()
    }, options.timeoutMs)
    const onAbort = () => {
      cancelled = true
      kill()
    }
    options.signal?.addEventListener('abort', onAbort, { once: true })
    if (cancelled) kill()

    const finish = (exitCode: number | null, exitSignal: NodeJS.Signals | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      resolve({
        command,
        args,
        exitCode,
        exitSignal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
        cancelled,
        truncated: stdoutOverflowed || stderrOverflowed,
        stdoutOverflowed,
        stderrOverflowed,
        spawnError,
        durationMs: performance.now() - started,
      })
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = error
      finish(null, null)
    })
    child.on('close', (code, sig) => finish(code, sig))
  })
}
