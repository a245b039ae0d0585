import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { startServer } from '../../serve'
import { classifyBindHost } from '../../serve/bind-host'
import { createCoreService } from '../../core/app/service/core-service'
import { healthMetrics } from '../../core/app/health-metrics'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { openInBrowser } from '../open-browser'
import { parseIntOption, parseOptions } from '../parse-options'

export const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  open: { type: 'boolean' },
  'no-open': { type: 'boolean' },
  /** A Python the page may run besides those GPU Doctor finds (repeatable): typed here, by the user. */
  python: { type: 'string', multiple: true },
  metrics: { type: 'boolean' },
} as const


/** Scrapes closer together than this share one nvidia-smi read. */
const METRICS_TTL_MS = 10_000

/** The built renderer sits beside the bundled CLI: out/cli/gpu-doctor.cjs → out/renderer. */
export function rendererDir(): string {
  return join(__dirname, '..', 'renderer')
}

/** Why the server could not listen, as one line: a busy or privileged port is the environment's. */
function listenError(error: unknown, host: string, port: number, ctx: CliContext): CliError {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') return new CliError(ctx.t('serve.portBusy', { host, port }), EXIT_ENVIRONMENT)
  if (code === 'EACCES') return new CliError(ctx.t('serve.portDenied', { host, port }), EXIT_ENVIRONMENT)
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new CliError(ctx.t('serve.badHost', { host }), EXIT_USAGE)
  return new CliError(ctx.t('serve.cannotListen', { host, port, reason: error instanceof Error ? error.message : String(error) }), EXIT_ENVIRONMENT)
}

/** `gpu-doctor serve [--port N] [--host H] [--python PATH]… [--metrics]`: the UI in a browser, token-protected, until Ctrl-C. */
export async function serveCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, SERVE_OPTIONS)
  const say = ctx.t as unknown as (k: 'error.badNumber', v: Record<string, unknown>) => string
  const port = parseIntOption(values.port, '--port', 0, 65_535, 0, say)
  const host = values.host ?? '127.0.0.1'
  const bind = classifyBindHost(host)
  if (bind === 'foreign') throw new CliError(ctx.t('serve.badHost', { host: host.slice(0, 100) }), EXIT_USAGE)
  // /metrics has no token: only a Prometheus on this machine may read it.
  if (values.metrics === true && bind === 'exposed') throw new CliError(ctx.t('serve.metricsLoopback', { host }), EXIT_USAGE)
  const dir = rendererDir()
  if (!existsSync(join(dir, 'index.html'))) throw new CliError(ctx.t('serve.noUi', { dir }), EXIT_ENVIRONMENT)

  const core = createCoreService({ nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, allowedInterpreters: values.python ?? [] })
  const metrics = values.metrics === true ? healthMetrics({ ttlMs: METRICS_TTL_MS, nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal }) : undefined
  const server = await startServer({ core, host, port, rendererDir: dir, metrics }).catch(async (error: unknown) => {
    await core.dispose()
    throw listenError(error, host, port, ctx)
  })
  const actualPort = new URL(server.url).port
  ctx.print(ctx.t('serve.listening', { url: server.url }))
  if (bind === 'exposed') ctx.say(ctx.t('serve.exposed', { host }))
  else ctx.print(ctx.t('serve.ssh', { port: actualPort }))
  if (metrics) ctx.print(ctx.t('serve.metrics', { url: `${new URL(server.url).origin}/metrics` }))
  if (values.open === true && values['no-open'] !== true) {
    const opened = openInBrowser(server.url, ctx.env)
    ctx.print(opened === null ? ctx.t('serve.noBrowser') : ctx.t(opened.appWindow ? 'serve.openedApp' : 'serve.opened', { command: opened.command }))
  }

  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve()
    ctx.signal.addEventListener('abort', () => resolve(), { once: true })
  })
  await server.close()
  await core.dispose()
  return EXIT_OK
}
