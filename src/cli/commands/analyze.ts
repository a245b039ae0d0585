import { analyzePaste } from '../../core/app/analyze-paste'
import { CliError, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { findingText } from '../render/diagnosis-view'
import { severityTag } from '../render/marks'

/** `gpu-doctor analyze --from FILE [--json]` (`--from -` reads stdin). */
export async function analyzeCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseOptions(args, { json: { type: 'boolean' }, from: { type: 'string' } })
  const file = values.from ?? positionals[0]
  if (!file) throw new CliError(ctx.t('error.badOption', { message: 'analyze needs --from FILE' }), EXIT_USAGE)
  // Empty, binary or larger than MAX_PASTED_TEXT: an InputError, exit 2 (use-case-error.ts).
  // In steps, so that Ctrl-C or SIGTERM stops it between two (a CancelledError: exit 130), not after the whole text.
  const { kind, findings } = await analyzePaste(file, ctx.signal)
  // An error-severity cause is a failure found, as a failed diagnosis step is: exit 1 (README's exit codes).
  const exitCode = findings.some((f) => f.severity === 'error') ? EXIT_FAILED : EXIT_OK
  if (values.json === true) {
    ctx.stdout.write(`${JSON.stringify({ kind, findings }, null, 2)}\n`)
    return exitCode
  }
  const lines = [ctx.t('analyze.kind', { kind })]
  if (findings.length === 0) lines.push(ctx.t('analyze.none'))
  for (const f of findings) {
    const { message, fix } = findingText(f, ctx.t)
    lines.push('', `${severityTag(f.severity, ctx.style)} ${f.id}: ${message}`, `  ${ctx.t('label.fix')}: ${fix}`)
    if (f.evidence) lines.push(`  ${ctx.t('label.detail')}: ${f.evidence.split('\n')[0]}`)
  }
  ctx.print(lines.join('\n'))
  return exitCode
}
