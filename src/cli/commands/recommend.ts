import { engineGpuSetupFor } from '../../core/app/engine-gpu-setup'
import { recommendImages } from '../../core/app/recommend-images'
import { gpuNameProblem, isKnownComputeCapability, knownComputeCapabilities, torchReleases } from '../../core/app/recommend-vocabulary'
import type { CpuArch, RecommendRequest } from '../../shared/recommend'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { reasonLine, renderRecommend } from '../render/recommend-view'
import { renderProblem } from '../render/status-view'

/** The flags of `gpu-doctor recommend` (plus the global ones). */
export const RECOMMEND_OPTIONS = {
  json: { type: 'boolean' },
  gpu: { type: 'string', multiple: true },
  cc: { type: 'string', multiple: true },
  driver: { type: 'string' },
  platform: { type: 'string' },
  'from-smi': { type: 'string' },
  devel: { type: 'boolean' },
  torch: { type: 'string' },
  ngc: { type: 'boolean' },
  arch: { type: 'string' },
  check: { type: 'boolean' },
} as const

/** --arch takes the kernel's name or the image platform's. */
const ARCH_NAMES: Record<string, CpuArch> = { x86_64: 'x86_64', amd64: 'x86_64', aarch64: 'aarch64', arm64: 'aarch64' }

/** With --check, each tag's registry gets this long (all requests for the tag together); offline or refused, a tag says it was not checked and why. */
const CHECK_TIMEOUT_MS = 15_000

type Values = ReturnType<typeof parseOptions<typeof RECOMMEND_OPTIONS>>['values']

/** What a usage error echoes of a value: at most 60 characters, control characters shown as U+FFFD. */
export function echoValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd')
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean
}

/** Flags → request; every malformed value is a usage error naming the flag. */
function toRequest(values: Values, ctx: CliContext): RecommendRequest {
  const usage = (key: string, value: string) => new CliError(ctx.t(key, { value: echoValue(value) }), EXIT_USAGE)
  for (const cc of values.cc ?? []) {
    if (!/^\d{1,2}\.\d$/.test(cc)) throw usage('recommend.badCc', cc)
    // An implausible capability (99.9) would be rated as a GPU with no native code anywhere.
    if (!isKnownComputeCapability(cc)) throw new CliError(ctx.t('recommend.unknownCc', { value: cc, known: knownComputeCapabilities().join(', ') }), EXIT_USAGE)
  }
  if (values.driver !== undefined && !/^\d{3}(?:\.\d{1,3}){0,2}$/.test(values.driver)) throw usage('recommend.badDriver', values.driver)
  if (values.platform !== undefined && values.platform !== 'linux' && values.platform !== 'windows') throw usage('recommend.badPlatform', values.platform)
  const arch = values.arch === undefined ? undefined : ARCH_NAMES[values.arch.toLowerCase()]
  if (values.arch !== undefined && !arch) throw usage('recommend.badArch', values.arch)
  const torch = values.torch === undefined ? undefined : /^(\d+\.\d+)(?:\.\d+)?$/.exec(values.torch)?.[1]
  if (values.torch !== undefined && !torch) throw usage('recommend.badTorch', values.torch)
  const releases = torchReleases()
  if (torch && !releases.includes(torch)) {
    throw new CliError(ctx.t('recommend.unknownTorch', { value: echoValue(torch), known: `${releases[0]}–${releases.at(-1)}` }), EXIT_USAGE)
  }
  // A name the table cannot settle is a typo or an ambiguity the user must resolve now.
  for (const name of values.gpu ?? []) {
    const problem = gpuNameProblem(name, echoValue(name))
    if (problem) throw new CliError(reasonLine(problem, ctx.t), EXIT_USAGE)
  }
  return {
    gpus: values.gpu,
    ccs: values.cc,
    driver: values.driver,
    platform: values.platform as RecommendRequest['platform'],
    arch,
    devel: values.devel,
    torch,
    ngc: values.ngc,
  }
}

/**
 * `gpu-doctor recommend [--json] [--check]`: the PyTorch image for this machine, or for a what-if
 * one (--gpu/--cc/--driver/--platform/--arch, --from-smi FILE); --check asks the registries. Exit 0 with an answer (blockers included),
 * 3 when this machine's GPUs cannot be read, 2 on a usage error.
 */
export async function recommendCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, RECOMMEND_OPTIONS)
  const json = values.json === true
  const req = toRequest(values, ctx)
  const outcome = await recommendImages(req, {
    smiFile: values['from-smi'],
    checkTagsMs: values.check ? CHECK_TIMEOUT_MS : undefined,
    nvidiaSmiPath: values['nvidia-smi'],
    env: ctx.env,
    signal: ctx.signal,
    engineGpuSetup: () => engineGpuSetupFor(ctx.env),
  })
  if (!outcome.ok) {
    const { blocker } = outcome
    if (outcome.kind === 'smi') throw new CliError(ctx.t('error.unparseable', { file: values['from-smi'], reason: blocker.vars.message }), EXIT_USAGE)
    // A Jetson without nvidia-smi is not a broken driver: its own answer replaces the nvidia-smi problem.
    const jetson = blocker.code !== 'block.machine'
    const problem = jetson ? undefined : outcome.problem
    if (json) ctx.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`)
    else if (problem) ctx.print(renderProblem(problem, ctx.t, ctx.style))
    const message = problem ? ctx.t(problem.messageKey, { ns: 'problems', defaultValue: problem.message }) : String(blocker.vars.message)
    throw new CliError(reasonLine(jetson ? blocker : { ...blocker, vars: { message } }, ctx.t), EXIT_ENVIRONMENT)
  }
  if (json) ctx.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`)
  else ctx.print(renderRecommend(outcome.detailed, ctx.t, ctx.style, outcome.checks, outcome.result.engineGpuSetup))
  return EXIT_OK
}
