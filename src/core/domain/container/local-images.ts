import type Docker from 'dockerode'

import type { DriverFit, ImageVersions, LocalImage } from '../../../shared/docker'
import { dockerNote } from '../../../shared/i18n/docker-notes'
import { envMap, imageVersions } from './image-versions'
import { judgeRequirement, type HostDriver } from './require-cuda'
import { inspectImage, withSignals } from '../../platform/docker/with-signals'
import { deadlineSignal } from '../../platform/util/deadline'
import { type Clock, realClock } from '../../platform/util/clock'

interface ImageConfig {
  Created?: string
  Config?: { Env?: string[] | null; Labels?: Record<string, string> | null } | null
}

/** One image as `gpu-doctor images` shows it: pure, from the list entry and its inspected config. */
export function localImageFrom(item: Pick<Docker.ImageInfo, 'Id' | 'RepoTags' | 'Size' | 'Created'>, config: ImageConfig, host: HostDriver): LocalImage {
  const tags = (item.RepoTags ?? []).filter((t) => t !== '<none>:<none>')
  const versions = imageVersions(envMap(config.Config?.Env), config.Config?.Labels ?? {}, tags)
  return {
    id: item.Id.replace(/^sha256:/, '').slice(0, 12),
    tags,
    sizeBytes: item.Size,
    createdAt: config.Created ?? (item.Created ? new Date(item.Created * 1000).toISOString() : null),
    versions,
    driverFit: cpuOnlyFit(versions, tags) ?? judgeRequirement(versions.requireCuda, host),
  }
}

/**
 * A PyTorch image that can never use the GPU, said as such rather than "no requirement": its torch
 * version or its tag says `cpu` (`2.5.1+cpu`, `…:2.5.1-cpu`). An image that merely declares no CUDA
 * is not judged so: a pip CUDA wheel brings its CUDA without CUDA_VERSION or NVIDIA_REQUIRE_CUDA.
 */
export function cpuOnlyFit(versions: ImageVersions, tags: readonly string[]): DriverFit | null {
  const torch = versions.torch?.value
  if (!torch) return null
  const marker = /\+cpu\b/i.test(torch) ? `torch ${torch}` : tags.find((t) => /[:\-_.+]cpu(?:[-_.]|$)/i.test(t.slice(t.lastIndexOf(':'))))
  if (!marker) return null
  const note = dockerNote('fit.cpuOnly', { torch, why: marker })
  return { verdict: 'cpu-only', requirement: versions.requireCuda, reason: note.text, message: note.message }
}

/**
 * The images on this engine with the versions their config declares and whether the host driver
 * satisfies their NVIDIA_REQUIRE_CUDA, without running any of them. Newest first.
 */
export async function listLocalImages(docker: Docker, host: HostDriver, signal?: AbortSignal, clock: Clock = realClock): Promise<LocalImage[]> {
  const deadline = () => deadlineSignal(10_000, signal, clock)
  const items = await withSignals(docker).listImages({ abortSignal: deadline() })
  const images = await Promise.all(
    items.map(async (item) => {
      const config = (await inspectImage(docker, item.Id, { abortSignal: deadline() }).catch(() => ({}))) as ImageConfig
      return localImageFrom(item, config, host)
    }),
  )
  return images.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))
}
