import { statusSnapshot } from '../../core/app/status-snapshot'
import { describeSamplerSource } from '../../shared/i18n/sampler'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK } from '../cli-error'
import type { CliContext } from '../context'
import { renderEngineLine } from '../render/engine-line'
import { renderProblem, renderStatus } from '../render/status-view'

/** `gpu-doctor status` on this machine: the GPUs, the sampler `monitor` would use, the container engine. */
export async function liveStatusCommand(values: { 'nvidia-smi'?: string }, json: boolean, ctx: CliContext): Promise<number> {
  // Which container engine `diagnose --image` would use is said in words only; a saved output has none to ask.
  const snapshot = await statusSnapshot({ nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal, withEngine: !json })
  if (!snapshot.ok) {
    const { problem } = snapshot
    if (json) ctx.stdout.write(`${JSON.stringify({ error: problem }, null, 2)}\n`)
    else ctx.print(renderProblem(problem, ctx.t, ctx.style))
    throw new CliError(ctx.t(problem.messageKey, { ns: 'problems', defaultValue: problem.message }), EXIT_ENVIRONMENT)
  }
  const { status, swept, sampler, engine } = snapshot
  if (swept.length) ctx.say(ctx.t('docker.swept', { count: swept.length }))
  if (json) {
    ctx.stdout.write(`${JSON.stringify({ ...status, sampler }, null, 2)}\n`)
    return EXIT_OK
  }
  const line = describeSamplerSource(sampler, ctx.t as unknown as Parameters<typeof describeSamplerSource>[1])
  ctx.print(`${renderStatus(status, ctx.t, ctx.style, ctx.width)}\n${ctx.style.paint('dim', line)}\n${renderEngineLine(engine!, ctx.t, ctx.style)}`)
  return EXIT_OK
}
