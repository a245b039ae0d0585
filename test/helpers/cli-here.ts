import { Writable } from 'node:stream'

import { type CliIo, runCli } from '../../src/cli/run-cli'
import type { CliRun } from './cli'

/**
 * Runs the CLI in this process, as `runBuiltCli` runs the bundle, with what a test hands it: its
 * clock, and the recordings `watch` reads. Output is collected as a pipe would take it (no terminal).
 */
export async function runCliHere(args: string[], env: NodeJS.ProcessEnv, extra: Partial<Pick<CliIo, 'clock' | 'watchSampling' | 'signal'>> = {}): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        append(chunk.toString())
        done()
      },
    })
  const code = await runCli(args, { env, stdout: sink((t) => (stdout += t)), stderr: sink((t) => (stderr += t)), signal: extra.signal ?? new AbortController().signal, ...extra })
  return { code, stdout, stderr }
}
