import { readTextInput } from '../../core/files/read-input'
import { checkHealth } from '../../core/health/check-health'
import { MAX_KERNEL_LOG_TEXT, MAX_SMI_TEXT } from '../../shared/constants'
import { CliError, EXIT_ENVIRONMENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderHealth } from '../render/health-view'
import { renderProblem } from '../render/status-view'

export const HEALTH_OPTIONS = {
  json: { type: 'boolean' },
  'from-smi': { type: 'string' },
  'kernel-log': { type: 'string' },
} as const

/** `gpu-doctor health [--json] [--from-smi FILE] [--kernel-log FILE]`: exit 1 when an error-severity finding is present. */
export async function healthCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, HEALTH_OPTIONS)
  const json = values.json === true
  const fromFile = values['from-smi']
  const outcome = await checkHealth({
    smiText: fromFile === undefined ? undefined : await readTextInput(fromFile, MAX_SMI_TEXT),
    // An empty kernel log is a quiet machine, not a mistake.
    kernelLogText: values['kernel-log'] === undefined ? undefined : await readTextInput(values['kernel-log'], MAX_KERNEL_LOG_TEXT, { allowEmpty: true }),
    nvidiaSmiPath: values['nvidia-smi'],
    env: ctx.env,
    signal: ctx.signal,
  })
  if (!outcome.ok) {
    // A saved file that is not nvidia-smi -q is the user's input; a live failure is the machine's.
    if (fromFile !== undefined) throw new CliError(ctx.t('error.unparseable', { file: fromFile, reason: outcome.problem.detail }), EXIT_USAGE)
    if (json) ctx.stdout.write(`${JSON.stringify({ error: outcome.problem }, null, 2)}\n`)
    else ctx.stdout.write(`${renderProblem(outcome.problem, ctx.t)}\n`)
    throw new CliError(ctx.t(outcome.problem.messageKey, { ns: 'problems', defaultValue: outcome.problem.message }), EXIT_ENVIRONMENT)
  }
  const health = outcome.health
  ctx.stdout.write(json ? `${JSON.stringify(health, null, 2)}\n` : `${renderHealth(health, ctx.t)}\n`)
  return health.findings.some((f) => f.severity === 'error') ? EXIT_FAILED : EXIT_OK
}
