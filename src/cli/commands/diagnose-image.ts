import { ENGINE_NAMES } from '../render/engine-line'
import type { ProbeRunner } from '../../core/platform/probe/run-probe'
import { parseGpuSelection, parseShmSize } from '../../core/platform/docker/container-options'
import { prepareContainerTarget } from '../../core/domain/container/container-target'
import { parseImageReference } from '../../core/platform/docker/image-reference'
import { readGpuState } from '../../core/platform/nvidia-smi/read-status'
import { CliError, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { dockerCliError } from '../render/docker-problem'

export interface ImageOptions {
  image: string
  gpus?: string
  'shm-size'?: string
  runtime?: string
  python?: string
  'nvidia-smi'?: string
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
 * The probe runner for `--image`: checks the name, the engine and the image first (each failure
 * exits with its explanation), and reports the container's lifecycle on `log`.
 */
export async function imageRunner(values: ImageOptions, ctx: CliContext, log: NodeJS.WritableStream): Promise<{ runner: ProbeRunner; label: string }> {
  const { gpus, shmSizeBytes } = containerFlags(values, ctx)
  const ref = parseImageReference(values.image)
  if (!ref.ok) throw new CliError(ctx.t('docker.badImage', { reason: ref.reason }), EXIT_USAGE)
  const hostState = await readGpuState({ nvidiaSmiPath: values['nvidia-smi'], env: ctx.env, signal: ctx.signal })
  const host = hostState.kind === 'ok' ? { driverVersion: hostState.status.driverVersion, cudaVersion: hostState.status.cudaVersion } : undefined
  const target = await prepareContainerTarget({
    env: ctx.env,
    image: values.image,
    gpus,
    shmSizeBytes,
    runtime: values.runtime,
    python: values.python,
    host,
    signal: ctx.signal,
    clock: ctx.clock,
    onSwept: (ids) => log.write(`${ctx.t('docker.swept', { count: ids.length })}\n`),
    onLifecycle: (event, detail) => log.write(`  · ${ctx.t('docker.lifecycle', { event: ctx.t(`docker.event.${event}`), detail: detail.slice(0, 12) })}\n`),
  })
  if (!target.ok) throw dockerCliError(target.problem, ctx.t)
  log.write(`${ctx.t('docker.using', { image: target.image, engine: ENGINE_NAMES[target.connection.info.engine], endpoint: target.connection.info.endpoint })}\n`)
  return { runner: target.runner, label: target.image }
}
