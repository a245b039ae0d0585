import type { PullSnapshot } from '../../core/platform/docker/pull-progress'
import { formatBytes } from '../../core/app/byte-size'
import { parseImageReference } from '../../core/app/container-flags'
import { pullImage } from '../../core/app/pull-image'
import { CliError, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { dockerCliError } from '../render/docker-problem'

export const PULL_OPTIONS = { json: { type: 'boolean' } } as const

function progressLine(s: PullSnapshot): string {
  const pct = s.percent === null ? '  ?  ' : `${s.percent.toFixed(0).padStart(3)} %`
  return `  ${pct}  ${formatBytes(s.bytesDone)} / ${formatBytes(s.bytesTotal)}  layers ${s.layersDone}/${s.layers.length}  ${s.status}`
}

/**
 * `gpu-doctor pull IMAGE [--json]`: per-layer and total progress; Ctrl-C cancels the pull.
 * --json prints one JSON object per line: progress snapshots, then `done` or `error`.
 */
export async function pullCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseOptions(args, PULL_OPTIONS)
  const json = values.json === true
  if (positionals.length !== 1) throw new CliError(ctx.t('pull.usage'), EXIT_USAGE)
  const parsed = parseImageReference(positionals[0]!)
  if (!parsed.ok) throw new CliError(ctx.t('docker.badImage', { reason: parsed.reason }), EXIT_USAGE)
  const ref = parsed.ref.normalized
  // An engine that does not answer: its explanation (exit 3, use-case-error.ts).
  const result = await pullImage(ref, {
    env: ctx.env,
    signal: ctx.signal,
    clock: ctx.clock,
    minIntervalMs: json ? 100 : 500,
    onPulling: (endpoint) => {
      if (!json) ctx.stdout.write(`${ctx.t('pull.pulling', { ref, endpoint })}\n`)
    },
    onProgress: (s) => ctx.stdout.write(json ? `${JSON.stringify({ type: 'progress', ref, ...s })}\n` : `${progressLine(s)}\n`),
  })
  if (!result.ok) {
    if (json) ctx.stdout.write(`${JSON.stringify({ type: 'error', ref: result.ref, problem: result.problem })}\n`)
    throw dockerCliError(result.problem, ctx.t)
  }
  const bytes = result.snapshot.bytesTotal
  if (json) ctx.stdout.write(`${JSON.stringify({ type: 'done', ref: result.ref, digest: result.digest, upToDate: result.upToDate, bytesTotal: bytes })}\n`)
  else ctx.print(ctx.t(result.upToDate ? 'pull.upToDate' : 'pull.done', { ref: result.ref, bytes: formatBytes(bytes), digest: result.digest ?? '' }))
  return EXIT_OK
}
