import type { GpuStatus } from '../../shared/gpu'
import { readSavedStatus } from '../../core/app/saved-status'
import { CliError, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderStatus } from '../render/status-view'

export const STATUS_OPTIONS = {
  json: { type: 'boolean' },
  'from-smi': { type: 'string' },
} as const

async function statusFromFile(file: string, ctx: CliContext): Promise<GpuStatus> {
  const parsed = await readSavedStatus(file)
  if ('error' in parsed) throw new CliError(ctx.t('error.unparseable', { file, reason: parsed.error }), EXIT_USAGE)
  return parsed.status
}

/** `gpu-doctor status [--json] [--from-smi FILE]`. */
export async function statusCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, STATUS_OPTIONS)
  const json = values.json === true
  if (values['from-smi'] === undefined) {
    // This machine: nvidia-smi, NVML and the Docker engine, whose code a saved output never needs.
    const { liveStatusCommand } = await import('./status-live')
    return liveStatusCommand(values, json, ctx)
  }
  const status = await statusFromFile(values['from-smi'], ctx)
  if (json) ctx.stdout.write(`${JSON.stringify(status, null, 2)}\n`)
  else ctx.print(renderStatus(status, ctx.t, ctx.style, ctx.width))
  return EXIT_OK
}
