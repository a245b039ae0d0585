import { Transform } from 'node:stream'

import type Docker from 'dockerode'

import type { DockerProblem } from '../../../shared/docker'
import { explainDockerError } from './explain-error'
import { parseImageReference } from './image-reference'
import { PullAggregator, type PullEvent, type PullSnapshot } from './pull-progress'
import { inspectImage } from './with-signals'
import { engineSegment } from './engine-path'
import { timeoutSignal } from '../util/deadline'
import { type Clock, realClock } from '../util/clock'

export interface PullOptions {
  endpoint: string
  signal?: AbortSignal
  /** Coalesced: at most one call per `minIntervalMs`, and always one at the end. */
  onProgress?: (snapshot: PullSnapshot) => void
  minIntervalMs?: number
  /**
   * A pull that moves no byte this long has stalled (a registry hanging mid-layer, an engine that
   * never answers): it is abandoned with a timeout problem. Default 60 s.
   */
  stallMs?: number
  /** What the stall deadline and the progress coalescing run on; default the real clock. */
  clock?: Clock
}

export const PULL_STALL_MS = 60_000

export type PullResult =
  | { ok: true; ref: string; digest: string | null; upToDate: boolean; snapshot: PullSnapshot }
  | { ok: false; ref: string; problem: DockerProblem; snapshot: PullSnapshot | null }

/** Drops lines that are not JSON: followProgress would throw inside the stream's data handler. */
function jsonLinesOnly(): Transform {
  let partial = ''
  const keep = (line: string) => {
    try {
      JSON.parse(line)
      return true
    } catch {
      return false
    }
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (partial + chunk.toString('utf8')).split('\n')
      partial = lines.pop() ?? ''
      done(null, lines.filter((l) => l.trim() && keep(l.trim())).map((l) => `${l}\n`).join(''))
    },
    flush(done) {
      done(null, partial.trim() && keep(partial.trim()) ? `${partial}\n` : '')
    },
  })
}

const problemOf = (code: DockerProblem['code'], message: string, fix: string, detail: string): DockerProblem => ({ code, failureModeId: null, message, fix, detail })

/**
 * `docker pull` with progress and cancel: the reference is validated before anything is sent,
 * the stream is followed with `followProgress`, an error line inside an HTTP 200 stream fails
 * the pull, and a stream that ends without the engine's closing status (an abort, a dropped
 * connection) is checked against the image store instead of being taken for success.
 */
export async function pullImage(docker: Docker, reference: string, options: PullOptions): Promise<PullResult> {
  const parsed = parseImageReference(reference)
  if (!parsed.ok) {
    return { ok: false, ref: reference, snapshot: null, problem: problemOf('invalid-reference', `Not a valid image name: ${parsed.reason}.`, 'Write it as [registry/]name[:tag][@sha256:digest], in lowercase.', reference) }
  }
  const ref = parsed.ref.normalized
  const aggregator = new PullAggregator()
  if (options.signal?.aborted) return { ok: false, ref, snapshot: aggregator.snapshot(), problem: CANCELLED }
  // One deadline that every byte from the engine pushes back: waiting for the engine's answer and between progress lines alike.
  const stallMs = options.stallMs ?? PULL_STALL_MS
  const clock = options.clock ?? realClock
  const stall = new AbortController()
  let cancelStall = () => {}
  const armStall = () => {
    cancelStall()
    cancelStall = clock.after(stallMs, () => stall.abort())
  }
  armStall()
  try {
    const signal = options.signal ? AbortSignal.any([options.signal, stall.signal]) : stall.signal
    const result = await followPull(docker, parsed.ref, aggregator, { ...options, signal }, armStall)
    if (options.signal?.aborted) return { ok: false, ref, snapshot: aggregator.snapshot(), problem: CANCELLED }
    if (stall.signal.aborted) {
      const seconds = Math.round(stallMs / 100) / 10
      const done = aggregator.snapshot().layersDone
      return { ok: false, ref, snapshot: aggregator.snapshot(), problem: problemOf('timeout', `The pull made no progress for ${seconds} s: the engine or the registry stalled.`, 'Check the network to the registry and the engine (`docker info`), then pull again.', `layers done: ${done}`) }
    }
    return result
  } finally {
    cancelStall()
  }
}

const CANCELLED = problemOf('cancelled', 'The pull was cancelled.', '', '')

/** The pull itself, under `options.signal`; `onBytes` is called for every chunk the engine sends. */
async function followPull(docker: Docker, parsedRef: Extract<ReturnType<typeof parseImageReference>, { ok: true }>['ref'], aggregator: PullAggregator, options: PullOptions, onBytes: () => void): Promise<PullResult> {
  const ref = parsedRef.normalized
  const name = parsedRef.domain ? `${parsedRef.domain}/${parsedRef.path}` : parsedRef.path
  let stream: NodeJS.ReadableStream
  try {
    stream = (await docker.createImage({ fromImage: name, tag: parsedRef.digest ?? parsedRef.tag ?? 'latest', abortSignal: options.signal })) as NodeJS.ReadableStream
  } catch (error) {
    return { ok: false, ref, snapshot: null, problem: explainDockerError(error, options.endpoint) }
  }
  onBytes()
  stream.on('data', onBytes)

  let last = -Infinity
  const emit = (force: boolean) => {
    const now = (options.clock ?? realClock).now()
    if (!options.onProgress || (!force && now - last < (options.minIntervalMs ?? 100))) return
    last = now
    options.onProgress(aggregator.snapshot())
  }
  const lines = jsonLinesOnly()
  stream.on('error', (e: Error) => lines.destroy(e))
  stream.on('close', () => lines.end())
  stream.pipe(lines)
  const error = await new Promise<Error | null>((resolve) => {
    docker.modem.followProgress(
      lines,
      (err: Error | null) => resolve(err),
      (event: PullEvent) => {
        aggregator.add(event)
        emit(false)
      },
    )
  })
  emit(true)

  if (options.signal?.aborted) return { ok: false, ref, snapshot: aggregator.snapshot(), problem: CANCELLED }
  const snapshot = aggregator.snapshot()
  if (error) return { ok: false, ref, snapshot, problem: explainDockerError(error, options.endpoint) }
  if (aggregator.error) return { ok: false, ref, snapshot, problem: explainDockerError(new Error(aggregator.error), options.endpoint) }
  if (!aggregator.finished) {
    const present = await inspectImage(docker, ref, { abortSignal: timeoutSignal(10_000, options.clock) })
      .then(() => true)
      .catch(() => false)
    if (!present) {
      return { ok: false, ref, snapshot, problem: problemOf('incomplete', 'The pull ended before the image was complete (the connection to the engine closed).', 'Run the pull again.', `${snapshot.layersDone}/${snapshot.layers.length} layers done`) }
    }
    aggregator.complete()
    emit(true)
  }
  return { ok: true, ref, digest: aggregator.digest ?? (await repoDigest(docker, ref, name, options.clock)), upToDate: aggregator.upToDate, snapshot: aggregator.snapshot() }
}

/** Podman's pull stream names no digest ("Digest: sha256:…" is Docker's): the image's RepoDigests do. */
async function repoDigest(docker: Docker, ref: string, name: string, clock?: Clock): Promise<string | null> {
  const image = (await docker
    .getImage(engineSegment(ref))
    .inspect({ abortSignal: timeoutSignal(10_000, clock) } as Docker.ImageInspectOptions)
    .catch(() => null)) as { RepoDigests?: string[] } | null
  const match = (image?.RepoDigests ?? []).find((d) => d.startsWith(`${name}@`)) ?? image?.RepoDigests?.[0]
  return match?.split('@')[1] ?? null
}
