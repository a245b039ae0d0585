import type Docker from 'dockerode'
import { engineSegment } from './engine-path'

/** Every dockerode 5 call takes `abortSignal` (apocas/dockerode#630); @types/dockerode 4 does not say so. */
export interface SignalOptions {
  abortSignal?: AbortSignal
}

/** The calls GPU Doctor makes with a deadline, typed with their options. */
export interface DockerWithSignals {
  ping(options: SignalOptions): Promise<unknown>
  version(options: SignalOptions): Promise<unknown>
  info(options: SignalOptions): Promise<unknown>
  listContainers(options: SignalOptions & { all?: boolean; filters?: Record<string, string[]> }): Promise<Docker.ContainerInfo[]>
  listImages(options: SignalOptions & { all?: boolean }): Promise<Docker.ImageInfo[]>
}

/** The same client, with the signal-taking signatures. */
export function withSignals(docker: Docker): DockerWithSignals {
  return docker as unknown as DockerWithSignals
}

/**
 * `GET /images/NAME/json` under a deadline. dockerode 5.0.1's Image#inspect drops `abortSignal`
 * (it never reaches the request), so an engine that stops answering would hold it forever; this
 * is the same request, with the signal passed through.
 */
export function inspectImage(docker: Docker, name: string, options: Required<SignalOptions>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    docker.modem.dial(
      { path: `/images/${engineSegment(name)}/json`, method: 'GET', options: {}, abortSignal: options.abortSignal, statusCodes: { 200: true, 404: 'no such image', 500: 'server error' } },
      (error: unknown, data: unknown) => (error ? reject(error) : resolve(data)),
    )
  })
}
