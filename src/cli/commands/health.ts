import { readHealth } from '../../core/app/read-health'
import { readHealthUnderLoad } from '../../core/app/health-under-load'
import { CliError, EXIT_ENVIRONMENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderHealth } from '../render/health-view'
import { renderProblem } from '../render/status-view'
import { healthExposition, healthFailureExposition } from '../../core/app/prometheus-text'
import { writeOutputFile, checkOutputTarget } from '../../core/app/output-file'

export const HEALTH_OPTIONS = {
  json: { type: 'boolean' },
  'from-smi': { type: 'string' },
  'kernel-log': { type: 'string' },
  'under-load': { type: 'boolean' },
  python: { type: 'string' },
  prometheus: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
} as const

/** `gpu-doctor health [--json | --prometheus [-o FILE]] [--under-load [--python PATH]] [--from-smi FILE] [--kernel-log FILE]`: exit 1 when an error-severity finding is present. */
export async function healthCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, HEALTH_OPTIONS)
  const json = values.json === true
  const prometheus = values.prometheus === true
  if (json && prometheus) throw new CliError(ctx.t('error.jsonOrPrometheus'), EXIT_USAGE)
  if (values.output !== undefined && !prometheus) throw new CliError(ctx.t('error.outputNeedsPrometheus'), EXIT_USAGE)
  if (values.output !== undefined) await checkOutputTarget(values.output)
  // The textfile collector reads whatever is in the file: written whole (temporary file, renamed) or not at all.
  const publish = async (text: string) => {
    if (values.output === undefined) ctx.stdout.write(text)
    else await writeOutputFile(values.output, text)
  }
  const fromFile = values['from-smi']
  const underLoad = values['under-load'] === true
  if (underLoad && fromFile !== undefined) throw new CliError(ctx.t('error.underLoadFromFile'), EXIT_USAGE)
  const live = { nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal }
  // Under load, the Python (--python, else the one a diagnosis would use) is checked before the load starts.
  const outcome = underLoad ? await readHealthUnderLoad({ ...live, python: values.python }) : await readHealth({ ...live, smiFile: fromFile, kernelLogFile: values['kernel-log'] })
  if (!outcome.ok) {
    // A saved file that is not nvidia-smi -q is the user's input; a live failure is the machine's.
    if (fromFile !== undefined) throw new CliError(ctx.t('error.unparseable', { file: fromFile, reason: outcome.problem.detail }), EXIT_USAGE)
    if (prometheus) await publish(healthFailureExposition(outcome.problem, new Date()))
    else if (json) ctx.stdout.write(`${JSON.stringify({ error: outcome.problem }, null, 2)}\n`)
    else ctx.print(renderProblem(outcome.problem, ctx.t, ctx.style))
    throw new CliError(ctx.t(outcome.problem.messageKey, { ns: 'problems', defaultValue: outcome.problem.message }), EXIT_ENVIRONMENT)
  }
  const health = outcome.health
  if (prometheus) await publish(healthExposition(health, new Date()))
  else if (json) ctx.stdout.write(`${JSON.stringify(health, null, 2)}\n`)
  else ctx.print(renderHealth(health, ctx.t, ctx.style, ctx.width))
  return health.findings.some((f) => f.severity === 'error') ? EXIT_FAILED : EXIT_OK
}
