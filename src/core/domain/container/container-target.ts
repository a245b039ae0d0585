import { readOsRelease } from '../../platform/host/os-release'
import type { Finding } from '../../../shared/diagnosis'
import type { DockerProblem } from '../../../shared/docker'
import type { ProbeRunner } from '../../platform/probe/run-probe'
import { makeFinding } from '../findings/finding-catalog'
import { connectEngine, type Connection } from '../../platform/docker/connect'
import type { GpuSelection } from '../../platform/docker/container-options'
import { readCdiSpecs, judgeCdiSpecs } from '../../platform/docker/cdi-spec'
import { cdiFindings } from './container-findings'
import { containerProbeRunner, type ContainerProbeOptions } from './container-probe-runner'
import { isLocalEndpoint } from '../../platform/docker/endpoint'
import { explainDockerError } from '../../platform/docker/explain-error'
import { envMap } from './image-versions'
import { parseImageReference } from '../../platform/docker/image-reference'
import { judgeRequirement, requirementFromEnv, type HostDriver } from './require-cuda'
import { sweepLeftovers } from '../../platform/docker/sweep'
import { inspectImage } from '../../platform/docker/with-signals'
import { deadlineSignal } from '../../platform/util/deadline'
import type { Clock } from '../../platform/util/clock'

export interface ContainerTargetOptions {
  env?: NodeJS.ProcessEnv
  image: string
  gpus?: GpuSelection
  shmSizeBytes?: number
  runtime?: string
  python?: string
  probeScript?: string
  /** The host driver, to judge the image's NVIDIA_REQUIRE_CUDA before running it. */
  host?: HostDriver
  onLifecycle?: ContainerProbeOptions['onLifecycle']
  /** Leftovers of crashed runs removed at start, reported here. */
  onSwept?: (ids: string[]) => void
  /** Cancels the preparation (the sweep, the image check). */
  signal?: AbortSignal
  /** What the engine's deadlines run on; default the real clock. */
  clock?: Clock
}

/** An engine that answered its ping may still hang on the next call: each gets this long. */
const CALL_DEADLINE_MS = 10_000

export type ContainerTarget =
  | { ok: true; runner: ProbeRunner; image: string; connection: Extract<Connection, { ok: true }> }
  | { ok: false; problem: DockerProblem }

/**
 * Everything before a probe can run in a container, each failure explained: the image name is
 * valid, the engine answers and is local (the probe is bind-mounted), leftovers of crashed runs
 * are swept, the image is present. The runner it returns adds a too-old-driver finding when the
 * image's NVIDIA_REQUIRE_CUDA already says the container will not start.
 */
export async function prepareContainerTarget(options: ContainerTargetOptions): Promise<ContainerTarget> {
  const parsed = parseImageReference(options.image)
  if (!parsed.ok) {
    return { ok: false, problem: { code: 'invalid-reference', failureModeId: null, message: `Not a valid image name: ${parsed.reason}.`, fix: 'Write it as [registry/]name[:tag][@sha256:digest], in lowercase.', detail: options.image } }
  }
  const image = parsed.ref.normalized
  const connection = await connectEngine(options.env ?? process.env, undefined, options.clock)
  if (!connection.ok) return { ok: false, problem: connection.problem }
  if (!isLocalEndpoint(connection.endpoint)) {
    const where = connection.info.endpoint
    return { ok: false, problem: { code: 'failed', failureModeId: null, message: `The engine at ${where} is on another machine: it cannot mount the probe from this one.`, fix: 'Run gpu-doctor on the machine of the engine (over ssh).', detail: where } }
  }
  const swept = await sweepLeftovers(connection.docker, {}, options.signal, options.clock).catch(() => [])
  if (swept.length) options.onSwept?.(swept)
  let config: { Config?: { Env?: string[] | null } }
  try {
    const deadline = deadlineSignal(CALL_DEADLINE_MS, options.signal, options.clock)
    config = (await inspectImage(connection.docker, image, { abortSignal: deadline })) as typeof config
  } catch (error) {
    return { ok: false, problem: explainDockerError(error, connection.info.endpoint) }
  }
  const pre: Finding[] = []
  const gpus = options.gpus ?? 'all'
  if (options.host && gpus !== 'none') {
    const fit = judgeRequirement(requirementFromEnv(envMap(config.Config?.Env)), options.host)
    if (fit.verdict === 'too-old') pre.push(makeFinding('image-requires-newer-driver', 'error', {}, `NVIDIA_REQUIRE_CUDA=${fit.requirement}: ${fit.reason}`))
  }
  const osRelease = await readOsRelease()
  const engine = connection.info.engine
  if (engine === 'podman' && gpus !== 'none') {
    const verdict = judgeCdiSpecs(await readCdiSpecs(), options.host?.driverVersion ?? null)
    pre.push(...cdiFindings(verdict, { osRelease, platform: process.platform, rootless: connection.info.rootless }))
  }
  const inner = containerProbeRunner({
    docker: connection.docker,
    endpoint: connection.info.endpoint,
    image,
    gpus,
    shmSizeBytes: options.shmSizeBytes,
    runtime: options.runtime,
    python: options.python,
    probeScript: options.probeScript,
    osRelease,
    platform: process.platform,
    rootless: connection.info.rootless,
    engine,
    onLifecycle: options.onLifecycle,
  })
  const runner: ProbeRunner = async (o) => {
    const outcome = await inner(o)
    // A finding judged before the run (a stale CDI spec) keeps its evidence over the engine's error text.
    const judged = new Set(pre.map((f) => f.id))
    return { ...outcome, findings: [...(outcome.findings ?? []).filter((f) => !judged.has(f.id)), ...pre] }
  }
  return { ok: true, runner, image, connection }
}
