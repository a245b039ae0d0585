import { listImages } from '../../core/app/list-images'
import { EXIT_OK } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderEngineLine } from '../render/engine-line'
import { renderImages } from '../render/images-view'

export const IMAGES_OPTIONS = { json: { type: 'boolean' } } as const

/** `gpu-doctor images [--json]`: local images, their PyTorch/CUDA/cuDNN and whether this driver can run them. */
export async function imagesCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, IMAGES_OPTIONS)
  // An engine that is down, or answered the ping but hangs on the list: said as such (exit 3).
  const { engine, host, images } = await listImages({
    nvidiaSmiPath: values['nvidia-smi'],
    env: ctx.env,
    signal: ctx.signal,
    clock: ctx.clock,
    onSwept: (ids) => ctx.say(ctx.t('docker.swept', { count: ids.length })),
  })
  if (values.json === true) ctx.stdout.write(`${JSON.stringify({ engine, host, images }, null, 2)}\n`)
  else ctx.print(`${renderEngineLine({ ok: true, info: engine }, ctx.t, ctx.style)}\n${renderImages(images, host, ctx.t, ctx.width)}`)
  return EXIT_OK
}
