import { connectEngine } from '../../core/platform/docker/connect'
import { explainDockerError } from '../../core/platform/docker/explain-error'
import { listLocalImages } from '../../core/domain/container/local-images'
import { sweepLeftovers } from '../../core/platform/docker/sweep'
import { readGpuState } from '../../core/platform/nvidia-smi/read-status'
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
  const conn = await connectEngine(ctx.env, undefined, ctx.clock)
  if (!conn.ok) throw dockerCliError(conn.problem, ctx.t)
  const swept = ctx.env.GPU_DOCTOR_NO_SWEEP === '1' ? [] : await sweepLeftovers(conn.docker, {}, ctx.signal, ctx.clock).catch(() => [])
  if (swept.length) ctx.stderr.write(`${ctx.t('docker.swept', { count: swept.length })}\n`)
  const state = await readGpuState({ nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal })
  const host = state.kind === 'ok' ? { driverVersion: state.status.driverVersion, cudaVersion: state.status.cudaVersion } : { driverVersion: null, cudaVersion: null }
  let images: Awaited<ReturnType<typeof listLocalImages>>
  try {
    images = await listLocalImages(conn.docker, host, ctx.signal, ctx.clock)
  } catch (error) {
    // An engine that answered the ping but hangs on the list: its deadline, said as such (exit 3).
    throw dockerCliError(explainDockerError(error, conn.info.endpoint), ctx.t)
  }
  if (values.json === true) ctx.stdout.write(`${JSON.stringify({ engine: conn.info, host, images }, null, 2)}\n`)
  else ctx.stdout.write(`${renderEngineLine(conn, ctx.t)}\n${renderImages(images, host, ctx.t)}\n`)
  return EXIT_OK
}
