import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The bundled CLI as users get it (built by `npm run build:cli`). */
export const CLI = fileURLToPath(new URL('../../out/cli/gpu-doctor.cjs', import.meta.url))
/** The whole CLI in one file, to copy onto a machine alone (out/cli/gpu-doctor.cjs loads its commands from files beside it). */
export const CLI_SINGLE = fileURLToPath(new URL('../../out/cli/gpu-doctor-single.cjs', import.meta.url))

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the built CLI with node, as a user would, and collects its output. */
export function runBuiltCli(args: string[], env: NodeJS.ProcessEnv, options: { timeoutMs?: number; cli?: string } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.cli ?? CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`gpu-doctor ${args.join(' ')} did not finish: ${stdout} ${stderr}`))
    }, options.timeoutMs ?? 15_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
