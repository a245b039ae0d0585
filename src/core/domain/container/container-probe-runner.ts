import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

import type Docker from 'dockerode'

import type { ProbeOutcome, ProbeRunner } from '../../platform/probe/run-probe'
import { outcomeFromOutput, probeArguments, progressLines } from '../../platform/probe/run-probe'
import { probeScriptPath } from '../../platform/probe/probe-script'
import { containerFindings, type FindingContext } from './container-findings'
import type { GpuSelection } from '../../platform/docker/container-options'
import { buildProbeContainer } from '../../platform/docker/container-spec'
import { podmanSpecFrom } from '../../platform/docker/podman-spec'
import { runContainer } from '../../platform/docker/run-container'

export interface ContainerProbeOptions extends FindingContext {
  docker: Docker
  endpoint: string
  image: string
  gpus: GpuSelection
  shmSizeBytes?: number
  runtime?: string
  /** Interpreter inside the image; unset tries python3, then python. */
  python?: string
  /** Host path of the probe; resources/probe/gpu_doctor_probe.py when unset. */
  probeScript?: string
  onLifecycle?: (event: 'created' | 'started' | 'exited' | 'removed', detail: string) => void
  /** Podman takes GPUs as CDI devices, through its own create endpoint. */
  engine?: 'docker' | 'podman'
}

/** Creating the container copies the image on some storage drivers: time on top of the probe's own. */
const CONTAINER_SLACK_MS = 120_000

/**
 * A probe runner that runs the same probe script inside a container of `image`: the script
 * bind-mounted read-only, the GPUs requested, no network. The container is removed on every path.
 */
export function containerProbeRunner(c: ContainerProbeOptions): ProbeRunner {
  return async (options): Promise<ProbeOutcome> => {
    const where = `container ${c.image}`
    const script = c.probeScript ?? probeScriptPath(options.env)
    if (!script) return { ok: false, reason: 'the probe script resources/probe/gpu_doctor_probe.py is missing', stderr: '', durationMs: 0, where }
    const spec = buildProbeContainer({
      image: c.image,
      probeScript: script,
      probeArgs: probeArguments(options),
      gpus: c.gpus,
      shmSizeBytes: c.shmSizeBytes,
      runtime: c.runtime,
      python: c.python,
      session: randomUUID(),
      ownerPid: process.pid,
      ownerHost: hostname(),
    })
    const timeoutMs = (options.timeoutMs ?? 120_000) + CONTAINER_SLACK_MS
    const run = await runContainer(c.docker, spec, {
      endpoint: c.endpoint,
      timeoutMs,
      signal: options.signal,
      onStderrLine: progressLines(options.onProgress),
      onStarted: ({ hostPid }) => {
        if (hostPid) options.onSpawn?.(hostPid)
      },
      onLifecycle: c.onLifecycle,
      ...(c.engine === 'podman' ? { podmanSpec: podmanSpecFrom(spec, c.gpus) } : {}),
    })
    const findings = containerFindings(run, c)
    const fail = (reason: string, stderr: string): ProbeOutcome => ({ ok: false, reason, stderr, durationMs: run.durationMs, findings, where })
    if (run.cancelled) return fail('cancelled', '')
    if (run.timedOut) return fail(`the probe container did not finish within ${Math.round(timeoutMs / 1000)} s`, run.stderr.slice(-4000))
    if (run.problem) return fail(`the container could not run: ${run.problem.message}`, run.problem.detail)
    return { ...outcomeFromOutput(run.stdout, run.stderr, run.exitCode, run.durationMs, null), findings, where }
  }
}
