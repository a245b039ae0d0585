import type { StepId } from '../../shared/diagnosis'
import { STEP_IDS } from '../../shared/diagnosis'
import { prepareDiagnosis } from '../../core/app/prepare-diagnosis'
import { CliError, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseIntOption, parseOptions } from '../parse-options'
import { renderDiagnosis } from '../render/diagnosis-view'
import { imageTarget } from './diagnose-image'
import { cliHistory, reportSaved } from '../history'
import { diagnosisExposition } from '../../core/app/prometheus-text'
import { checkOutputTarget, writeOutputFile } from '../../core/app/output-file'
import { DEFAULT_SUSTAIN_SECONDS, GPU_SELECTION } from '../../core/app/diagnosis-options'
import { formatAge } from '../../shared/relative-time'

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
  'no-wait': { type: 'boolean' },
  prometheus: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  'conv-seconds': { type: 'string' },
} as const

function parseSteps(value: string | undefined, ctx: CliContext): StepId[] | undefined {
  if (value === undefined) return undefined
  const steps = value.split(',').map((s) => s.trim()).filter(Boolean)
  for (const step of steps) {
    if (!(STEP_IDS as readonly string[]).includes(step)) throw new CliError(ctx.t('diagnose.badStep', { step, steps: STEP_IDS.join(', ') }), EXIT_USAGE)
  }
  return steps as StepId[]
}

/** `gpu-doctor diagnose [--python PATH] [--steps ids] [--json | --prometheus [-o FILE]]`: exit 1 when a step fails. */
export async function diagnoseCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, DIAGNOSE_OPTIONS)
  const json = values.json === true
  const prometheus = values.prometheus === true
  if (json && prometheus) throw new CliError(ctx.t('error.jsonOrPrometheus'), EXIT_USAGE)
  if (values.output !== undefined && !prometheus) throw new CliError(ctx.t('error.outputNeedsPrometheus'), EXIT_USAGE)
  if (values.output !== undefined) await checkOutputTarget(values.output)
  const steps = parseSteps(values.steps, ctx)
  const say = ctx.t as unknown as (k: 'error.badNumber', v: Record<string, unknown>) => string
  const seconds = parseIntOption(values.seconds, '--seconds', 1, 60, DEFAULT_SUSTAIN_SECONDS, say)
  const convSeconds = values['conv-seconds'] === undefined ? undefined : Number(values['conv-seconds'])
  if (convSeconds !== undefined && !(convSeconds >= 0.05 && convSeconds <= 10))
    throw new CliError(ctx.t('error.badSeconds', { option: '--conv-seconds', value: values['conv-seconds'], min: 0.05, max: 10 }), EXIT_USAGE)
  // With --image, --gpus picks the container's GPUs (Docker's flag); without, the GPUs steps 4 and 5 load.
  if (values.image === undefined && values.gpus !== undefined && (!GPU_SELECTION.test(values.gpus.trim()) || values.gpus.trim() === 'none'))
    throw new CliError(ctx.t('docker.badGpus', { value: values.gpus }), EXIT_USAGE)
  const log = json || prometheus ? ctx.stderr : ctx.stdout
  // With --image, --python names the interpreter inside the image; on the host, one the user named is
  // checked before anything runs (a detected one has just run for its detection).
  const container = values.image !== undefined ? imageTarget({ ...values, image: values.image }, ctx, log) : null
  const prepared = await prepareDiagnosis({ python: values.python, container, nvidiaSmiPath: values['nvidia-smi'], env: ctx.env })
  if (!container) log.write(`${ctx.t('diagnose.using', { python: prepared.python })}\n`)
  let lastStep: string | null = null
  const history = values['no-save'] === true ? null : cliHistory(ctx)
  const result = await prepared.run({
    history,
    steps,
    signal: ctx.signal,
    disableCudnn: values['disable-cudnn'] === true,
    sustainSeconds: seconds,
    gpus: values.image === undefined ? values.gpus : undefined,
    convSeconds,
    lockWaitMs: values['no-wait'] === true ? 0 : undefined,
    onLockWait: (holder) => ctx.say(ctx.t('diagnose.waiting', { pid: holder.pid, host: holder.host, ago: formatAge(holder.since, Date.now(), ctx.lang) })),
    onProgress: (p) => {
      if (p.stage === 'sample' || !p.step || p.step === lastStep) return
      lastStep = p.step
      log.write(`  … ${ctx.t(`step.${p.step}`)}\n`)
    },
  })
  reportSaved(result, ctx)
  const { diagnosis } = result
  if (prometheus) {
    const text = diagnosisExposition(diagnosis)
    if (values.output === undefined) ctx.stdout.write(text)
    else await writeOutputFile(values.output, text)
  } else if (json) ctx.stdout.write(`${JSON.stringify(diagnosis, null, 2)}\n`)
  else ctx.print(`\n${renderDiagnosis(diagnosis, ctx.t, ctx.style)}`)
  return diagnosis.steps.some((s) => s.status === 'fail') ? EXIT_FAILED : EXIT_OK
}
