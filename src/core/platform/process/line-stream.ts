import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

import { dieWithParent } from './parent-death'

export interface LineStream {
  /** Stops the program (TERM, then KILL after 1 s); resolves once it is gone. */
  stop(): Promise<void>
}

/**
 * A long-lived program whose stdout is read line by line (`nvidia-smi dmon`, `pmon`): started so it
 * dies with this process, killed on this process's exit too, and stopped on request. A program that
 * cannot start simply gives no lines; the caller decides what silence means.
 */
export function streamLines(command: string, args: readonly string[], env: NodeJS.ProcessEnv | undefined, onLine: (line: string) => void): LineStream {
  const run = dieWithParent(command, args, env ?? process.env)
  const child = spawn(run.command, run.args, { stdio: ['ignore', 'pipe', 'ignore'], env, windowsHide: true })
  const killOnExit = () => child.kill('SIGKILL')
  child.on('error', () => undefined)
  process.on('exit', killOnExit)
  createInterface({ input: child.stdout! }).on('line', onLine)
  return {
    async stop() {
      process.off('exit', killOnExit)
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
      child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), 1000)
      await closed
      clearTimeout(force)
    },
  }
}
