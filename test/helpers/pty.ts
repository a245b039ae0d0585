import { spawn } from 'node:child_process'

import { CLI, type CliRun } from './cli'

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/**
 * Runs the built CLI in a real pseudo-terminal `cols` columns wide (util-linux `script`, the size
 * set with stty inside it), as a person at a terminal runs it: stdout and stderr are the terminal,
 * so both come back together in `stdout`, with the terminal's CRLF line ends made LF.
 */
export function runInPty(args: string[], env: NodeJS.ProcessEnv, options: { cols?: number; timeoutMs?: number } = {}): Promise<CliRun> {
  const command = `stty cols ${options.cols ?? 80} rows 24 && exec ${[process.execPath, CLI, ...args].map(quote).join(' ')}`
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`gpu-doctor ${args.join(' ')} in a terminal did not finish: ${stdout} ${stderr}`))
    }, options.timeoutMs ?? 20_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout: stdout.replace(/\r\n/g, '\n'), stderr })
    })
  })
}

/** `text` without SGR colour sequences: what a person reads. */
// eslint-disable-next-line no-control-regex -- the escape character is what is removed
export const withoutColour = (text: string) => text.replace(/\x1b\[[\d;]*m/g, '')
