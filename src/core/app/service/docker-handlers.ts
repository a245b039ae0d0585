import type { EventEmitter } from 'node:events'

import { EVENT_CHANNELS } from '../../../shared/channels'
import type { EngineState, LocalImage, PullDone, PullProgress } from '../../../shared/docker'
import type { GpuProcess } from '../../../shared/gpu'
import { readHostDriver } from '../host-driver'
import { EngineHealth } from '../../platform/docker/engine-health'
import { listLocalImages } from '../../domain/container/local-images'
import { engineContainerNames, nameGpuProcesses } from '../../platform/docker/name-gpu-processes'
import { pullImage } from '../../platform/docker/pull-image'
import { withSignals } from '../../platform/docker/with-signals'

export interface DockerServiceOptions {
  env?: NodeJS.ProcessEnv
  nvidiaSmiPath?: string
}

/** The Docker half of the core service: engine health, images, pulls and container names. */
export interface DockerService {
  getEngine(): Promise<EngineState>
  listImages(): Promise<LocalImage[]>
  startPull(ref: string): Promise<{ pullId: string }>
  cancelPull(pullId: string): Promise<{ cancelled: boolean }>
  /** `readGpuState`'s nameProcesses, answered from the engine only while it is up. */
  nameProcesses(processes: GpuProcess[]): Promise<GpuProcess[]>
  dispose(): Promise<void>
}

/** An engine that is down is an error envelope with its explanation, not a crash. */
function engineDown(state: EngineState): Error {
  return new Error(state.kind === 'down' ? `${state.problem.message} ${state.problem.fix}` : 'The Docker engine has not answered yet.')
}

/**
 * Docker for the long-lived front ends (Electron, serve): one health state machine pinging the
 * engine (started on first use, so the app does not touch Docker until asked), pulls keyed by id
 * with an AbortController each, progress coalesced before it is emitted.
 */
export function createDockerService(events: EventEmitter, options: DockerServiceOptions = {}): DockerService {
  const env = options.env ?? process.env
  const health = new EngineHealth({ env })
  health.on('state', (s) => events.emit(EVENT_CHANNELS.dockerEngineState, s))
  const pulls = new Map<string, AbortController>()
  let counter = 0

  const ensure = async () => {
    health.start()
    const state = health.state.kind === 'unknown' ? await health.check() : health.state
    const docker = health.client
    if (!docker || state.kind !== 'up') throw engineDown(state)
    return { docker, endpoint: state.info.endpoint }
  }

  const hostDriver = () => readHostDriver({ nvidiaSmiPath: options.nvidiaSmiPath, env })

  return {
    async getEngine() {
      health.start()
      return health.state.kind === 'unknown' ? health.check() : health.state
    },

    async listImages() {
      const { docker } = await ensure()
      return listLocalImages(docker, await hostDriver())
    },

    async startPull(ref) {
      const { docker, endpoint } = await ensure()
      const pullId = `pull-${Date.now()}-${++counter}`
      const controller = new AbortController()
      pulls.set(pullId, controller)
      void pullImage(docker, ref, {
        endpoint,
        signal: controller.signal,
        minIntervalMs: 250,
        onProgress: (s) => events.emit(EVENT_CHANNELS.dockerPullProgress, { pullId, ref, ...s } satisfies PullProgress),
      })
        .then((r) => {
          const done: PullDone = r.ok
            ? { kind: 'done', pullId, ref: r.ref, digest: r.digest, bytesTotal: r.snapshot.bytesTotal }
            : { kind: 'failed', pullId, ref: r.ref, problem: r.problem }
          events.emit(EVENT_CHANNELS.dockerPullDone, done)
        })
        .finally(() => pulls.delete(pullId))
      return { pullId }
    },

    async cancelPull(pullId) {
      const controller = pulls.get(pullId)
      controller?.abort()
      return { cancelled: controller !== undefined }
    },

    nameProcesses(processes) {
      const docker = health.client
      if (!docker) return nameGpuProcesses(processes, async () => null)
      return nameGpuProcesses(processes, engineContainerNames((signal) => withSignals(docker).listContainers({ abortSignal: signal })))
    },

    async dispose() {
      for (const controller of pulls.values()) controller.abort()
      health.stop()
    },
  }
}
