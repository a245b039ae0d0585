import { compareOutcomes } from '../../core/docker/compare'
import { prepareContainerTarget } from '../../core/docker/container-target'
import { detectInterpreters, pickDefault } from '../../core/probe/interpreters'
import { runProbe, type ProbeOutcome, type ProbeRunner } from '../../core/probe/run-probe'
import { CliError, EXIT_ENVIRONMENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderCompare } from '../render/compare-view'
import { dockerCliError } from '../render/docker-problem'
import { containerFlags } from './diagnose-image'

export const COMPARE_OPTIONS = {
  json: { type: 'boolean' },
  python: { type: 'string' },
  gpus: { type: 'string' },
  'shm-size': { type: 'string' },
} as const

/**
 * `gpu-doctor compare A B [--json]`, each an image or `host`: the same probe (conv timing) in
 * both, one after the other so they do not share the GPU, versions and timings side by side.
 */
export async function compareCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseOptions(args, COMPARE_OPTIONS)
  if (positionals.length !== 2) throw new CliError(ctx.t('compare.usage'), EXIT_USAGE)
  const flags = containerFlags(values, ctx)
  const log = values.json === true ? ctx.stderr : ctx.stdout
  const outcomes: ProbeOutcome[] = []
  for (const target of positionals) {
    let runner: ProbeRunner | undefined
    let python = values.python
    if (target === 'host') {
      python ??= pickDefault(await detectInterpreters(ctx.env))?.path
      if (!python) throw new CliError(ctx.t('diagnose.noPython'), EXIT_ENVIRONMENT)
    } else {
      const prepared = await prepareContainerTarget({ env: ctx.env, image: target, ...flags, onSwept: (ids) => log.write(`${ctx.t('docker.swept', { count: ids.length })}\n`) })
      if (!prepared.ok) throw dockerCliError(prepared.problem, ctx.t)
      runner = prepared.runner
      python = 'python3'
    }
    log.write(`${ctx.t('compare.running', { target })}\n`)
    outcomes.push(await runProbe({ runner, python: python!, workloads: ['conv'], env: ctx.env, signal: ctx.signal }))
    if (ctx.signal.aborted) throw new CliError('cancelled', 130)
  }
  const result = compareOutcomes(positionals[0]!, outcomes[0]!, positionals[1]!, outcomes[1]!)
  ctx.stdout.write(values.json === true ? `${JSON.stringify(result, null, 2)}\n` : `${renderCompare(result, ctx.t)}\n`)
  return result.a.ok && result.b.ok ? EXIT_OK : EXIT_FAILED
}
