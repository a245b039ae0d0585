import { WATCH_DEFAULT_SECONDS, WATCH_MAX_SECONDS, WATCH_MIN_SECONDS } from '../../shared/constants'
import { GpuProblemError, WatchError } from '../../core/app/errors'
import { watchJob } from '../../core/app/watch-job'
import { CliError, EXIT_ENVIRONMENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseIntOption, parseOptions } from '../parse-options'
import { renderProblem } from '../render/status-view'
import { renderWatch } from '../render/watch-view'
import { redrawLine } from '../stdout-guard'

export const WATCH_OPTIONS = {
  json: { type: 'boolean' },
  pid: { type: 'string' },
  container: { type: 'string' },
  seconds: { type: 'string' },
} as const

/** Progress on stderr: one line redrawn in place on a terminal (ended by a newline), a line every 5 s otherwise. */
function progressWriter(ctx: CliContext, pid: number, seconds: number) {
  const tty = (ctx.stderr as { isTTY?: boolean }).isTTY === true
  let shown = -1
  return {
    update(elapsed: number, sm: number | null) {
      if (elapsed === shown || (!tty && elapsed % 5 !== 0)) return
      shown = elapsed
      const line = ctx.t('progress', { ns: 'watch', pid, elapsed, seconds, sm: sm === null ? '–' : Math.round(sm) })
      if (tty) redrawLine(ctx.stderr, line)
      else ctx.say(line)
    },
    /** The last progress line stays, ended by a newline, so the verdict starts on a line of its own. */
    end() {
      if (tty && shown >= 0) ctx.stderr.write('\n')
    },
  }
}

/** `gpu-doctor watch --pid PID | --container NAME [--seconds N] [--json]`: exit 0 healthy, 1 a bottleneck. */
export async function watchCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, WATCH_OPTIONS)
  const say = ctx.t as unknown as (k: 'error.badNumber', v: Record<string, unknown>) => string
  if ((values.pid === undefined) === (values.container === undefined)) throw new CliError(ctx.t('watch.usage'), EXIT_USAGE)
  const seconds = parseIntOption(values.seconds, '--seconds', WATCH_MIN_SECONDS, WATCH_MAX_SECONDS, WATCH_DEFAULT_SECONDS, say)
  const json = values.json === true
  try {
    const job = values.container !== undefined ? { container: values.container } : { pid: parseIntOption(values.pid, '--pid', 1, 2 ** 22, 0, say) }
    let progress: ReturnType<typeof progressWriter> | undefined
    const result = await watchJob({
      job,
      seconds,
      nvidiaSmiPath: values['nvidia-smi'],
      env: ctx.env,
      signal: ctx.signal,
      onWatching: (pid) => (progress = progressWriter(ctx, pid, seconds)),
      onProgress: (elapsed, sm) => progress?.update(elapsed, sm),
      clock: ctx.clock,
      ...ctx.watchSampling,
    }).finally(() => progress?.end())
    if (json) ctx.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    else ctx.print(renderWatch(result, ctx.t))
    return result.verdict === 'healthy' ? EXIT_OK : EXIT_FAILED
  } catch (error) {
    if (error instanceof WatchError) throw new CliError(ctx.t(error.messageKey, { ns: 'watch', ...error.params }), error.isUsage ? EXIT_USAGE : EXIT_ENVIRONMENT)
    if (error instanceof GpuProblemError) {
      if (!json) ctx.print(renderProblem(error.problem, ctx.t, ctx.style))
      throw new CliError(ctx.t(error.problem.messageKey, { ns: 'problems', defaultValue: error.problem.message }), EXIT_ENVIRONMENT)
    }
    throw error
  }
}
