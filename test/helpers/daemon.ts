import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface Daemon {
  child: ChildProcess
  log: () => string
  stop: () => Promise<void>
}

/** Starts a long-running program for one test file; `stop` ends it (TERM, then KILL after 5 s) and waits. */
export function startDaemon(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Daemon {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
  let output = ''
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  child.on('error', (e) => keep(Buffer.from(`${command}: ${e.message}\n`)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    child,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Polls `probe` until it returns a value (not undefined) or `ms` pass; then throws with `what`. */
export async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms
  let last: unknown = null
  while (Date.now() < until) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${what} within ${ms / 1000} s${last ? `: ${String(last)}` : ''}`)
}
