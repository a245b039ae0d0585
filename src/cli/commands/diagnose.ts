import type { StepId } from '../../shared/diagnosis'
import { STEP_IDS } from '../../shared/diagnosis'
import { runDiagnosis } from '../../core/diagnosis/run-diagnosis'
import { detectInterpreters, pickDefault } from '../../core/probe/interpreters'
import { CliError, EXIT_ENVIRONMENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseIntOption, parseOptions } from '../parse-options'
import { renderDiagnosis } from '../render/diagnosis-view'
import { imageRunner } from './diagnose-image'
import { saveToHistory } from './report'
import { dockerProcessNamer } from '../../core/docker/name-gpu-processes'

export const DIAGNOSE_OPTIONS = {
  json: { type: 'boolean' },
  python: { type: 'string' },
  steps: { type: 'string' },
  seconds: { type: 'string' },
  'disable-cudnn': { type: 'boolean' },
  image: { type: 'string' },
  gpus: { type: 'string' },
  'shm-size': { type: 'string' },
  runtime: { type: 'string' },
  'no-save': { type: 'boolean' },
} as const

function parseSteps(value: string | undefined, ctx: CliContext): StepId[] | undefined {
  if (value === undefined) return undefined
  const steps = value.split(',').map((s) => s.trim()).filter(Boolean)
  for (const step of steps) {
    if (!(STEP_IDS as readonly string[]).includes(step)) throw new CliError(ctx.t('diagnose.badStep', { step, steps: STEP_IDS.join(', ') }), EXIT_USAGE)
  }
  return steps as StepId[]
}

/** `gpu-doctor diagnose [--python PATH] [--steps ids] [--json]`: exit 1 when a step fails. */
export async function diagnoseCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, DIAGNOSE_OPTIONS)
  const json = values.json === true
  const steps = parseSteps(values.steps, ctx)
  const say = ctx.t as unknown as (k: 'error.badNumber', v: Record<string, unknown>) => string
  const seconds = parseIntOption(values.seconds, '--seconds', 1, 60, 4, say)
  const log = json ? ctx.stderr : ctx.stdout
  // With --image, --python names the interpreter inside the image.
  const container = values.image !== undefined ? await imageRunner({ ...values, image: values.image }, ctx, log) : null
  const python = values.python ?? (container ? 'python3' : pickDefault(await detectInterpreters(ctx.env))?.path)
  if (!python) throw new CliError(ctx.t('diagnose.noPython'), EXIT_ENVIRONMENT)
  if (!container) log.write(`${ctx.t('diagnose.using', { python })}\n`)
  let lastStep: string | null = null
  const diagnosis = await runDiagnosis({
    runner: container?.runner,
    nameProcesses: dockerProcessNamer(ctx.env),
    python,
    steps,
    nvidiaSmiPath: values['nvidia-smi'],
    env: ctx.env,
    signal: ctx.signal,
    disableCudnn: values['disable-cudnn'] === true,
    sustainSeconds: seconds,
    onProgress: (p) => {
      if (p.stage === 'sample' || !p.step || p.step === lastStep) return
      lastStep = p.step
      log.write(`  … ${ctx.t(`step.${p.step}`)}\n`)
    },
  })
  if (ctx.signal.aborted) throw new CliError('cancelled', 130)
  if (values['no-save'] !== true) await saveToHistory(diagnosis, ctx, ctx.stderr)
  if (json) ctx.stdout.write(`${JSON.stringify(diagnosis, null, 2)}\n`)
  else ctx.stdout.write(`\n${renderDiagnosis(diagnosis, ctx.t)}\n`)
  return diagnosis.steps.some((s) => s.status === 'fail') ? EXIT_FAILED : EXIT_OK
}
