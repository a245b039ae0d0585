import { readTextInput } from '../../core/platform/files/read-input'
import { checkHealth } from '../../core/domain/health/check-health'
import { MAX_KERNEL_LOG_TEXT, MAX_SMI_TEXT } from '../../shared/constants'
import { checkHealthUnderLoad } from '../../core/domain/health/check-under-load'
import { checkInterpreter } from '../../core/platform/probe/check-interpreter'
import { defaultPython } from '../../core/app/default-python'
import { CliError, EXIT_ENVIRONMENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderHealth } from '../render/health-view'
import { renderProblem } from '../render/status-view'
import { healthExposition, healthFailureExposition } from '../../core/domain/metrics'
import { writeOutputFile, checkOutputTarget } from '../../core/platform/files/write-output'

export const HEALTH_OPTIONS = {
  json: { type: 'boolean' },
  'from-smi': { type: 'string' },
  'kernel-log': { type: 'string' },
  'under-load': { type: 'boolean' },
  python: { type: 'string' },
  prometheus: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
} as const

/** The Python whose PyTorch runs the load: --python, else the one a diagnosis would use; checked before it starts. */
async function loadPython(explicit: string | undefined, ctx: CliContext): Promise<string> {
  const python = await defaultPython({ explicit, env: ctx.env })
  if (!python) throw new CliError(ctx.t('diagnose.noPython'), EXIT_ENVIRONMENT)
  await checkInterpreter(python, ctx.env)
  return python
}

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
  const outcome = underLoad
    ? await checkHealthUnderLoad({ ...live, python: await loadPython(values.python, ctx) })
    : await checkHealth({
        ...live,
        smiText: fromFile === undefined ? undefined : await readTextInput(fromFile, MAX_SMI_TEXT),
        // An empty kernel log is a quiet machine, not a mistake.
        kernelLogText: values['kernel-log'] === undefined ? undefined : await readTextInput(values['kernel-log'], MAX_KERNEL_LOG_TEXT, { allowEmpty: true }),
      })
  if (!outcome.ok) {
    // A saved file that is not nvidia-smi -q is the user's input; a live failure is the machine's.
    if (fromFile !== undefined) throw new CliError(ctx.t('error.unparseable', { file: fromFile, reason: outcome.problem.detail }), EXIT_USAGE)
    if (prometheus) await publish(healthFailureExposition(outcome.problem, new Date()))
    else if (json) ctx.stdout.write(`${JSON.stringify({ error: outcome.problem }, null, 2)}\n`)
    else ctx.stdout.write(`${renderProblem(outcome.problem, ctx.t)}\n`)
    throw new CliError(ctx.t(outcome.problem.messageKey, { ns: 'problems', defaultValue: outcome.problem.message }), EXIT_ENVIRONMENT)
  }
  const health = outcome.health
  if (prometheus) await publish(healthExposition(health, new Date()))
  else ctx.stdout.write(json ? `${JSON.stringify(health, null, 2)}\n` : `${renderHealth(health, ctx.t)}\n`)
  return health.findings.some((f) => f.severity === 'error') ? EXIT_FAILED : EXIT_OK
}
