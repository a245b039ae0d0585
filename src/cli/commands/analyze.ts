import { readFile } from 'node:fs/promises'

import { analyzeText } from '../../core/rules/analyze-text'
import { pastedTextProblem } from '../../core/rules/pasted-text'
import { CliError, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { findingText } from '../render/diagnosis-view'

/** `gpu-doctor analyze --from FILE [--json]` (`--from -` reads stdin). */
export async function analyzeCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseOptions(args, { json: { type: 'boolean' }, from: { type: 'string' } })
  const file = values.from ?? positionals[0]
  if (!file) throw new CliError(ctx.t('error.badOption', { message: 'analyze needs --from FILE' }), EXIT_USAGE)
  let text: string
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message
    throw new CliError(ctx.t('error.readFile', { file, reason }), EXIT_USAGE)
  }
  const problem = pastedTextProblem(text)
  if (problem) throw new CliError(ctx.t(problem === 'empty' ? 'analyze.empty' : 'analyze.notText', { file }), EXIT_USAGE)
  const { kind, findings } = analyzeText(text)
  if (values.json === true) {
    ctx.stdout.write(`${JSON.stringify({ kind, findings }, null, 2)}\n`)
    return EXIT_OK
  }
  const lines = [ctx.t('analyze.kind', { kind })]
  if (findings.length === 0) lines.push(ctx.t('analyze.none'))
  for (const f of findings) {
    const { message, fix } = findingText(f, ctx.t)
    lines.push('', `[${f.severity}] ${f.id}: ${message}`, `  ${ctx.t('label.fix')}: ${fix}`)
    if (f.evidence) lines.push(`  ${ctx.t('label.detail')}: ${f.evidence.split('\n')[0]}`)
  }
  ctx.stdout.write(`${lines.join('\n')}\n`)
  return EXIT_OK
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
