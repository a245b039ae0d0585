import { connectEngine } from '../../core/docker/connect'
import { listLocalImages } from '../../core/docker/local-images'
import { readGpuState } from '../../core/nvidia-smi/read-status'
import { EXIT_OK } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { dockerCliError } from '../render/docker-problem'
import { renderEngineLine } from '../render/engine-line'
import { renderImages } from '../render/images-view'

export const IMAGES_OPTIONS = { json: { type: 'boolean' } } as const

/** `gpu-doctor images [--json]`: local images, their PyTorch/CUDA/cuDNN and whether this driver can run them. */
export async function imagesCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, IMAGES_OPTIONS)
  const conn = await connectEngine(ctx.env)
  if (!conn.ok) throw dockerCliError(conn.problem, ctx.t)
  const state = await readGpuState({ nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal })
  const host = state.kind === 'ok' ? { driverVersion: state.status.driverVersion, cudaVersion: state.status.cudaVersion } : { driverVersion: null, cudaVersion: null }
  const images = await listLocalImages(conn.docker, host, ctx.signal)
  if (values.json === true) ctx.stdout.write(`${JSON.stringify({ engine: conn.info, host, images }, null, 2)}\n`)
  else ctx.stdout.write(`${renderEngineLine(conn, ctx.t)}\n${renderImages(images, host, ctx.t)}\n`)
  return EXIT_OK
}
