import { type ChildProcess, spawn } from 'node:child_process'

// Each helper also ends itself once its parent is gone (a test worker that crashed or was killed
// before its cleanup ran): started detached, it would otherwise run on after the test run.

/** Node code that keeps one thread at 100 % CPU until killed (or its parent is gone). */
export const BUSY_LOOP = 'const p = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== p) process.exit(1)'
/** Node code that spawns the given children and then sleeps itself (a training process waiting on DataLoader workers). */
export const parentOf = (children: string[]) =>
  `const { spawn } = require('node:child_process'); ${children.map((c) => `spawn(process.execPath, ['-e', ${JSON.stringify(c)}], { stdio: 'ignore' });`).join(' ')} setInterval(() => {}, 1000)`
export const IDLE = 'const p = process.ppid; setInterval(() => { if (process.ppid !== p) process.exit(1) }, 500)'

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
