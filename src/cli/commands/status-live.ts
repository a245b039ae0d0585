import { readGpuState } from '../../core/platform/nvidia-smi/read-status'
import { describeSampler } from '../../core/platform/nvml/live-monitor'
import { connectEngine } from '../../core/platform/docker/connect'
import { dockerProcessNamer } from '../../core/platform/docker/name-gpu-processes'
import { sweepEngine } from '../../core/platform/docker/sweep-engine'
import { describeSamplerSource } from '../../shared/i18n/sampler'
import type { GpuStatus } from '../../shared/gpu'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK } from '../cli-error'
import type { CliContext } from '../context'
import { renderEngineLine } from '../render/engine-line'
import { renderProblem, renderStatus } from '../render/status-view'

/** `gpu-doctor status` on this machine: the GPUs, the sampler `monitor` would use, the container engine. */
export async function liveStatusCommand(values: { 'nvidia-smi'?: string }, json: boolean, ctx: CliContext): Promise<number> {
  // Labelled containers of killed runs go at every look at the machine, not only at the next diagnose --image.
  const sweep = sweepEngine(ctx.env)
  const state = await readGpuState({ nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal, nameProcesses: dockerProcessNamer(ctx.env) })
  if (state.kind === 'error') {
    if (json) ctx.stdout.write(`${JSON.stringify({ error: state.problem }, null, 2)}\n`)
    else ctx.stdout.write(`${renderProblem(state.problem, ctx.t)}\n`)
    throw new CliError(ctx.t(state.problem.messageKey, { ns: 'problems', defaultValue: state.problem.message }), EXIT_ENVIRONMENT)
  }
  const status: GpuStatus = state.status
  const swept = await sweep
  if (swept.length) ctx.stderr.write(`${ctx.t('docker.swept', { count: swept.length })}\n`)
  // Which reader `monitor` and the live panel would use on this machine, and why not NVML.
  const sampler = await describeSampler({ intervalMs: 1000, nvidiaSmiPath: values['nvidia-smi'], env: ctx.env })
  const line = describeSamplerSource(sampler, ctx.t as unknown as Parameters<typeof describeSamplerSource>[1])
  if (json) {
    ctx.stdout.write(`${JSON.stringify({ ...status, sampler }, null, 2)}\n`)
    return EXIT_OK
  }
  // Which container engine `diagnose --image` would use; a saved output has none to ask.
  ctx.stdout.write(`${renderStatus(status, ctx.t)}\n${line}\n${renderEngineLine(await connectEngine(ctx.env), ctx.t)}\n`)
  return EXIT_OK
}
