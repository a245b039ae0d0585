import { readFile } from 'node:fs/promises'

import type { GpuStatus } from '../../shared/gpu'
import { readGpuState } from '../../core/nvidia-smi/read-status'
import { describeSampler } from '../../core/nvml/live-monitor'
import { describeSamplerSource } from '../../shared/i18n/sampler'
import { connectEngine } from '../../core/docker/connect'
import { dockerProcessNamer } from '../../core/docker/name-gpu-processes'
import { parseSmiOutput } from '../../core/nvidia-smi/parse-any'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderEngineLine } from '../render/engine-line'
import { renderProblem, renderStatus } from '../render/status-view'

export const STATUS_OPTIONS = {
  json: { type: 'boolean' },
  'from-smi': { type: 'string' },
} as const

async function statusFromFile(file: string, ctx: CliContext): Promise<GpuStatus> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message
    throw new CliError(ctx.t('error.readFile', { file, reason }), EXIT_USAGE)
  }
  const parsed = parseSmiOutput(text)
  if ('error' in parsed) throw new CliError(ctx.t('error.unparseable', { file, reason: parsed.error }), EXIT_USAGE)
  return parsed.status
}

/** `gpu-doctor status [--json] [--from-smi FILE]`. */
export async function statusCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, STATUS_OPTIONS)
  const json = values.json === true
  let status: GpuStatus
  if (values['from-smi'] !== undefined) {
    status = await statusFromFile(values['from-smi'], ctx)
  } else {
    const state = await readGpuState({ nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal, nameProcesses: dockerProcessNamer(ctx.env) })
    if (state.kind === 'error') {
      if (json) ctx.stdout.write(`${JSON.stringify({ error: state.problem }, null, 2)}\n`)
      else ctx.stdout.write(`${renderProblem(state.problem, ctx.t)}\n`)
      throw new CliError(ctx.t(state.problem.messageKey, { ns: 'problems', defaultValue: state.problem.message }), EXIT_ENVIRONMENT)
    }
    status = state.status
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
  ctx.stdout.write(json ? `${JSON.stringify(status, null, 2)}\n` : `${renderStatus(status, ctx.t)}\n`)
  return EXIT_OK
}
