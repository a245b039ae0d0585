import { compareTargets } from '../../core/app/compare-targets'
import { CliError, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderCompare } from '../render/compare-view'
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
  const result = await compareTargets({
    a: positionals[0]!,
    b: positionals[1]!,
    python: values.python,
    ...flags,
    nvidiaSmiPath: values['nvidia-smi'],
    env: ctx.env,
    signal: ctx.signal,
    onSwept: (ids) => log.write(`${ctx.t('docker.swept', { count: ids.length })}\n`),
    onRunning: (target) => log.write(`${ctx.t('compare.running', { target })}\n`),
  })
  if (values.json === true) ctx.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  else ctx.print(renderCompare(result, ctx.t, ctx.width))
  return result.a.ok && result.b.ok ? EXIT_OK : EXIT_FAILED
}
