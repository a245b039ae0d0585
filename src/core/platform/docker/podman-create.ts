import type Docker from 'dockerode'

import { LIBPOD_CREATE_PATH, type PodmanSpec } from './podman-spec'
import { engineSegment } from './engine-path'

/**
 * Creates a container through Podman's own API (the only one that takes CDI devices) and returns
 * it as a dockerode container: start, attach, wait, inspect and remove stay on the compatible API.
 * Throws what dockerode throws (statusCode and the engine's json.message), so errors explain alike.
 */
export async function createPodmanContainer(docker: Docker, spec: PodmanSpec, abortSignal: AbortSignal): Promise<Docker.Container> {
  const answer = await new Promise<{ Id?: string }>((resolve, reject) => {
    docker.modem.dial(
      {
        path: LIBPOD_CREATE_PATH,
        method: 'POST',
        options: { ...spec },
        abortSignal,
        statusCodes: { 200: true, 201: true, 400: 'bad parameter', 404: 'no such image', 409: 'conflict', 500: 'server error' },
      } as Parameters<Docker['modem']['dial']>[0],
      (error: unknown, data: unknown) => (error ? reject(error) : resolve(data as { Id?: string })),
    )
  })
  if (!answer?.Id) throw new Error(`Podman created no container: ${JSON.stringify(answer)}`)
  return docker.getContainer(engineSegment(answer.Id))
}
