import type { MonitorSample, MonitorState } from '../../shared/gpu'
import { describeSamplerSource } from '../../shared/i18n/sampler'
import { openLiveMonitor } from '../../core/app/live-monitor'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK } from '../cli-error'
import type { CliContext } from '../context'
import { parseIntOption, parseOptions } from '../parse-options'
import { renderMonitor } from '../render/monitor-view'
import { renderProblem } from '../render/status-view'

export const MONITOR_OPTIONS = {
  json: { type: 'boolean' },
  interval: { type: 'string' },
  count: { type: 'string' },
} as const

const HISTORY = 40

/** `gpu-doctor monitor [--interval MS] [--count N] [--json]`: NVML in-process, else one nvidia-smi stream, until Ctrl-C. */
export async function monitorCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, MONITOR_OPTIONS)
  const say = ctx.t as unknown as (k: 'error.badNumber', v: Record<string, unknown>) => string
  const intervalMs = parseIntOption(values.interval, '--interval', 100, 60_000, 1000, say)
  const count = parseIntOption(values.count, '--count', 1, 10_000_000, 0, say)
  const json = values.json === true
  const live = !json && ctx.stdout.isTTY === true
  // Fails fast with the full explanation when nvidia-smi cannot work at all, instead of retrying.
  const opened = await openLiveMonitor({ intervalMs, nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal })
  if (!opened.ok) {
    if (!json) ctx.print(renderProblem(opened.problem, ctx.t, ctx.style))
    throw new CliError(ctx.t(opened.problem.messageKey, { ns: 'problems', defaultValue: opened.problem.message }), EXIT_ENVIRONMENT)
  }
  const { monitor } = opened
  // Which reader is in use: on stderr with --json, so stdout stays one JSON sample per line.
  const sampler = monitor.source ? describeSamplerSource(monitor.source, ctx.t as unknown as Parameters<typeof describeSamplerSource>[1]) : null
  const history = new Map<number, Array<number | null>>()
  let seen = 0

  return await new Promise<number>((resolve, reject) => {
    const finish = (error?: CliError) => {
      void monitor.stop().then(() => (error ? reject(error) : resolve(EXIT_OK)))
    }
    ctx.signal.addEventListener('abort', () => finish(), { once: true })
    monitor.on('sample', (sample: MonitorSample) => {
      seen++
      for (const g of sample.gpus) {
        const h = history.get(g.index) ?? []
        h.push(g.utilizationGpu)
        if (h.length > HISTORY) h.shift()
        history.set(g.index, h)
      }
      if (json) ctx.stdout.write(`${JSON.stringify(sample)}\n`)
      else ctx.stdout.write(renderMonitor(sample, history, intervalMs, ctx.t, live, sampler))
      if (count && seen >= count) finish()
    })
    monitor.on('state', (state: MonitorState) => {
      if (state.kind === 'failed') {
        const p = state.problem
        finish(new CliError(ctx.t(p.messageKey, { ns: 'problems', defaultValue: p.message }) + ` (${p.detail})`, EXIT_ENVIRONMENT))
      } else if (state.kind === 'restarting') {
        const line = ctx.t('monitor.restarting', { message: state.problem.detail, attempt: state.attempt, delay: state.delayMs })
        if (json) ctx.stderr.write(`${line}\n`)
        else ctx.stdout.write(`${line}\n`)
      }
    })
    if (sampler) (json ? ctx.stderr : ctx.stdout).write(`${sampler}\n`)
    if (!json && live) ctx.stdout.write(`${ctx.t('monitor.header', { interval: intervalMs })}\n${ctx.t('monitor.waiting')}\n`)
    monitor.start()
  })
}
