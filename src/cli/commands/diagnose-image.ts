import { ENGINE_NAMES } from '../render/engine-line'
import { parseGpuSelection, parseImageReference, parseShmSize } from '../../core/app/container-flags'
import type { ImageTargetOptions } from '../../core/app/image-target'
import { CliError, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'

export interface ImageOptions {
  image: string
  gpus?: string
  'shm-size'?: string
  runtime?: string
  python?: string
}

/** `--gpus` and `--shm-size` as the Docker CLI reads them, or a usage error. */
export function containerFlags(values: Pick<ImageOptions, 'gpus' | 'shm-size'>, ctx: CliContext) {
  const gpus = parseGpuSelection(values.gpus ?? 'all')
  if (!gpus) throw new CliError(ctx.t('docker.badGpus', { value: values.gpus }), EXIT_USAGE)
  const shm = values['shm-size'] === undefined ? undefined : parseShmSize(values['shm-size'])
  if (shm === null) throw new CliError(ctx.t('docker.badShm', { value: values['shm-size'] }), EXIT_USAGE)
  return { gpus, shmSizeBytes: shm }
}

/**
 * The container `--image` names, its flags checked (each a usage error), the container's
 * lifecycle and the engine in use reported on `log`.
 */
export function imageTarget(values: ImageOptions, ctx: CliContext, log: NodeJS.WritableStream): ImageTargetOptions {
  const { gpus, shmSizeBytes } = containerFlags(values, ctx)
  const ref = parseImageReference(values.image)
  if (!ref.ok) throw new CliError(ctx.t('docker.badImage', { reason: ref.reason }), EXIT_USAGE)
  return {
    image: values.image,
    gpus,
    shmSizeBytes,
    runtime: values.runtime,
    python: values.python,
    signal: ctx.signal,
    clock: ctx.clock,
    onSwept: (ids) => log.write(`${ctx.t('docker.swept', { count: ids.length })}\n`),
    onLifecycle: (event, detail) => log.write(`  · ${ctx.t('docker.lifecycle', { event: ctx.t(`docker.event.${event}`), detail: detail.slice(0, 12) })}\n`),
    onPrepared: ({ image, engine }) => log.write(`${ctx.t('docker.using', { image, engine: ENGINE_NAMES[engine.engine], endpoint: engine.endpoint })}\n`),
  }
}
