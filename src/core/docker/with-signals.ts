import type Docker from 'dockerode'

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
