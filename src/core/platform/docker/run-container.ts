import { Writable } from 'node:stream'

import type Docker from 'dockerode'

import type { DockerProblem } from '../../../shared/docker'
import { SESSION_LABEL } from './container-spec'
import { explainDockerError } from './explain-error'
import { engineLostProblem, isConnectionBroken, settleOnAbort, watchEngine } from './engine-watch'
import { createPodmanContainer } from './podman-create'
import type { PodmanSpec } from './podman-spec'
import { removeContainers } from './sweep'
import { timeoutSignal } from '../util/deadline'

export interface ContainerRunOptions {
  /** Where the engine is, for problem texts. */
  endpoint: string
  timeoutMs: number
  signal?: AbortSignal
  maxOutputBytes?: number
  onStderrLine?: (line: string) => void
  /** The container's main process as the host sees it (State.Pid), once started. */
  onStarted?: (info: { id: string; hostPid: number | null }) => void
  onLifecycle?: (event: 'created' | 'started' | 'exited' | 'removed', detail: string) => void
  /** On Podman: the same container as a libpod spec, created through Podman's API (CDI devices). */
  podmanSpec?: PodmanSpec
}

export interface ContainerRunResult {
  containerId: string | null
  exitCode: number | null
  stdout: string
  stderr: string
  timedOut: boolean
  cancelled: boolean
  /** Create, start or wait failed: the engine's error, explained. */
  problem: DockerProblem | null
  /** HostConfig.ShmSize as the engine applied it (its default when none was asked for). */
  shmSizeBytes: number | null
  ipcMode: string | null
  removed: boolean
  durationMs: number
}

// On the vfs storage driver creating a container copies the whole image and removing it deletes
// the copy: tens of seconds each for a large PyTorch image on a busy disk.
const CREATE_DEADLINE_MS = 180_000
const REMOVE_DEADLINE_MS = 180_000
const CALL_DEADLINE_MS = 30_000
const LOST_ENGINE_DEADLINE_MS = 5_000

/** Collects a stream up to a cap and hands complete stderr lines to a callback as they arrive. */
function collector(max: number, onLine?: (line: string) => void): { sink: Writable; text: () => string } {
  const chunks: Buffer[] = []
  let size = 0
  let partial = ''
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (size < max) {
        chunks.push(chunk.subarray(0, max - size))
        size += chunk.length
      }
      if (onLine) {
        const lines = (partial + chunk.toString('utf8')).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines) onLine(line)
      }
      done()
    },
  })
  return { sink, text: () => Buffer.concat(chunks).toString('utf8') }
}

const ignoreGone = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode
  if (status !== 404 && status !== 409 && status !== 304) throw error
}

/**
 * One container from create to removal: attach before start (stdout and stderr demultiplexed),
 * start, wait under the deadline and the caller's signal, then `remove({ force: true })` in a
 * finally, with a sweep of this session's label as the backstop. Never throws.
 */
export async function runContainer(docker: Docker, spec: Docker.ContainerCreateOptions, options: ContainerRunOptions): Promise<ContainerRunResult> {
  const started = performance.now()
  const out = collector(options.maxOutputBytes ?? 16 * 1024 * 1024)
  const err = collector(options.maxOutputBytes ?? 16 * 1024 * 1024, options.onStderrLine)
  const result: ContainerRunResult = {
    containerId: null,
    exitCode: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    cancelled: options.signal?.aborted ?? false,
    problem: null,
    shmSizeBytes: null,
    ipcMode: null,
    removed: false,
    durationMs: 0,
  }
  const stop = new AbortController()
  const timer = setTimeout(() => {
    result.timedOut = true
    stop.abort()
  }, options.timeoutMs)
  const onAbort = () => {
    result.cancelled = true
    stop.abort()
  }
  options.signal?.addEventListener('abort', onAbort, { once: true })
  let container: Docker.Container | null = null
  let engineLost: DockerProblem | null = null
  try {
    if (result.cancelled) return result
    // Not under the caller's signal: an aborted create may still finish in the engine, and then
    // its id would be unknown here. The session-label sweep below catches even that case.
    const createSignal = timeoutSignal(CREATE_DEADLINE_MS)
    container = options.podmanSpec
      ? await createPodmanContainer(docker, options.podmanSpec, createSignal)
      : await docker.createContainer({ ...spec, abortSignal: createSignal } as Docker.ContainerCreateOptions)
    result.containerId = container.id
    options.onLifecycle?.('created', container.id)
    if (stop.signal.aborted) return result
    const stream = (await container.attach({ stream: true, stdout: true, stderr: true, abortSignal: timeoutSignal(CALL_DEADLINE_MS) } as Docker.ContainerAttachOptions)) as NodeJS.ReadableStream
    const streamEnded = new Promise<void>((resolve) => {
      stream.once('end', resolve)
      stream.once('close', resolve)
      stream.once('error', () => resolve())
    })
    docker.modem.demuxStream(stream, out.sink, err.sink)
    await container.start({ abortSignal: timeoutSignal(CALL_DEADLINE_MS) } as Docker.ContainerStartOptions)
    const inspect = await container.inspect({ abortSignal: timeoutSignal(CALL_DEADLINE_MS) } as Docker.ContainerInspectOptions)
    result.shmSizeBytes = inspect.HostConfig?.ShmSize ?? null
    result.ipcMode = inspect.HostConfig?.IpcMode ?? null
    options.onLifecycle?.('started', container.id)
    options.onStarted?.({ id: container.id, hostPid: inspect.State?.Pid ? inspect.State.Pid : null })
    const watch = watchEngine(docker, options.endpoint, () => stop.abort())
    let waited: { StatusCode?: number }
    try {
      waited = (await settleOnAbort(container.wait({ abortSignal: stop.signal } as Docker.ContainerWaitOptions), stop.signal)) as { StatusCode?: number }
    } catch (error) {
      if (!stop.signal.aborted && isConnectionBroken(error)) engineLost = engineLostProblem(error, options.endpoint)
      throw error
    } finally {
      watch.stop()
      engineLost ??= watch.lost
    }
    result.exitCode = waited.StatusCode ?? null
    options.onLifecycle?.('exited', String(result.exitCode))
    // The attach stream may still hold the last lines: wait briefly for its end.
    await Promise.race([streamEnded, new Promise((r) => setTimeout(r, 2_000))])
  } catch (error) {
    if (engineLost) result.problem = engineLost
    else if (!stop.signal.aborted) result.problem = explainDockerError(error, options.endpoint)
    if (container && stop.signal.aborted && !engineLost) await container.kill({ abortSignal: timeoutSignal(CALL_DEADLINE_MS) }).catch(ignoreGone).catch(() => undefined)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
    if (container) {
      await container
        // An engine that just stopped answering gets a short try: the next start's sweep does the rest.
        .remove({ force: true, abortSignal: timeoutSignal(engineLost ? LOST_ENGINE_DEADLINE_MS : REMOVE_DEADLINE_MS) })
        .then(() => (result.removed = true))
        .catch((e: unknown) => {
          ignoreGone(e)
          result.removed = true
        })
        .catch(() => undefined)
      if (result.removed) options.onLifecycle?.('removed', container.id)
    }
    const session = spec.Labels?.[SESSION_LABEL]
    if (session) await removeContainers(docker, [`${SESSION_LABEL}=${session}`], undefined, engineLost ? timeoutSignal(LOST_ENGINE_DEADLINE_MS) : undefined).catch(() => undefined)
    result.stdout = out.text()
    result.stderr = err.text()
    result.durationMs = performance.now() - started
  }
  return result
}
