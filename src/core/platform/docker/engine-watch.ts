import type Docker from 'dockerode'

import type { DockerProblem } from '../../../shared/docker'
import { explainDockerError } from './explain-error'
import { withSignals } from './with-signals'
import { timeoutSignal } from '../util/deadline'

export interface EngineWatch {
  /** Set once the engine has failed `misses` pings in a row. */
  readonly lost: DockerProblem | null
  stop: () => void
}

/**
 * Pings the engine while a long call waits on it. A `wait` whose connection drops mid-response
 * never settles in docker-modem (it listens for 'end' only), so an engine killed or hung mid-run
 * would hold the run until its own deadline, minutes later: this notices within a few seconds,
 * says so, and calls `onLost`.
 */
export function watchEngine(docker: Docker, endpoint: string, onLost: (problem: DockerProblem) => void, options: { everyMs?: number; misses?: number } = {}): EngineWatch {
  const everyMs = options.everyMs ?? 2_000
  const misses = options.misses ?? 2
  let missed = 0
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const watch: { lost: DockerProblem | null; stop: () => void } = {
    lost: null,
    stop: () => {
      stopped = true
      clearTimeout(timer)
    },
  }
  const tick = async () => {
    try {
      await withSignals(docker).ping({ abortSignal: timeoutSignal(everyMs) })
      missed = 0
    } catch (error) {
      if (stopped) return
      if (++missed >= misses) {
        watch.lost = engineLostProblem(error, endpoint)
        stopped = true
        onLost(watch.lost)
        return
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), everyMs)
  }
  timer = setTimeout(() => void tick(), everyMs)
  return watch
}

/** The engine went away mid-run: said so, with what the socket or the ping reported as detail. */
export function engineLostProblem(error: unknown, endpoint: string): DockerProblem {
  const why = explainDockerError(error, endpoint)
  return {
    ...why,
    message: `The Docker engine at ${endpoint} stopped answering during the run (it exited, was restarted or hangs): the probe's result is lost.`,
    fix: 'Check the engine (`docker info`; `systemctl status docker`), then run again. A container it leaves behind is removed at the next start.',
    detail: `${why.message} ${why.detail}`.trim(),
  }
}

/**
 * A call that failed at the socket, not with an HTTP status: the connection broke. During a
 * `wait`, that is the engine dying (a SIGKILLed dockerd resets it at once) rather than a slow one.
 */
export function isConnectionBroken(error: unknown): boolean {
  const e = (error ?? {}) as { name?: string; code?: unknown; statusCode?: unknown; message?: unknown }
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.statusCode !== undefined) return false
  return typeof e.code === 'string' || /socket hang up|connection (?:closed|reset)/i.test(String(e.message ?? ''))
}

/** `work`, or a rejection as soon as `signal` aborts (for calls that do not settle on abort themselves). */
export function settleOnAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // The work was started all the same (a request made with an aborted signal rejects at once): its
  // outcome is dropped, never left as an unhandled rejection.
  if (signal.aborted) {
    work.catch(() => undefined)
    return Promise.reject(new DOMException('aborted', 'AbortError'))
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('aborted', 'AbortError'))
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
