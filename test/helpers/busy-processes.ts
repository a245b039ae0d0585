import { type ChildProcess, spawn } from 'node:child_process'

/** Node code that keeps one thread at 100 % CPU until killed. */
export const BUSY_LOOP = 'for (;;) {}'
/** Node code that spawns the given children and then sleeps itself (a training process waiting on DataLoader workers). */
export const parentOf = (children: string[]) =>
  `const { spawn } = require('node:child_process'); ${children.map((c) => `spawn(process.execPath, ['-e', ${JSON.stringify(c)}], { stdio: 'ignore' });`).join(' ')} setInterval(() => {}, 1000)`
export const IDLE = 'setInterval(() => {}, 1000)'

/** Starts `node -e code`; kill it (and its children) with stopTree. */
export function startNode(code: string): ChildProcess {
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore', detached: true })
}

/** Kills the process group a startNode child leads (it and the children it spawned). */
export function stopTree(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
