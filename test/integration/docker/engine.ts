import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import type Docker from 'dockerode'

import { connectEngine } from '../../../src/core/platform/docker/connect'
import { MANAGED_LABEL } from '../../../src/core/platform/docker/container-spec'
import { withSignals } from '../../../src/core/platform/docker/with-signals'
import { CLI } from '../../helpers/cli'

/**
 * Docker integration tests run when GPU_DOCTOR_DOCKER_TESTS is set (CI sets it: then a missing
 * engine fails them) or when an engine answers anyway; they skip only when neither holds.
 */
export const REQUIRED = Boolean(process.env.GPU_DOCTOR_DOCKER_TESTS)
const connection = await connectEngine(process.env, 5_000)
export const RUN = REQUIRED || connection.ok

/** Which engine these tests talk to: the vitest project "podman" points DOCKER_HOST at Podman's socket. */
export const PODMAN = connection.ok && connection.info.engine === 'podman'
// Podman names an imported image localhost/NAME, and lists it so.
const LOCAL = PODMAN ? 'localhost/' : ''
export const PYTHON_IMAGE = `${LOCAL}gpu-doctor-test/python:bookworm`
export const TORCH_IMAGE = `${LOCAL}gpu-doctor-test/torch:bookworm`
export const PULL_REF = '127.0.0.1:5000/gpu-doctor-test/pull:layers'
export const SLOW_PROBE = fileURLToPath(new URL('./fixtures/slow_probe.py', import.meta.url))
export const ENDPOINT = connection.ok ? connection.info.endpoint : ''

const SETUP = 'Run: bash scripts/ci/start-docker.sh && bash scripts/ci/build-test-images.sh && bash scripts/ci/start-podman.sh'

/** The engine client; a clear failure (not a skip) when the tests are required and no engine answers. */
export function engine(): Docker {
  if (!connection.ok) throw new Error(`GPU_DOCTOR_DOCKER_TESTS is set but no Docker engine answers: ${connection.problem.message} ${SETUP}`)
  return connection.docker
}

/** Fails with the setup command when a test image is missing. */
export async function requireImage(ref: string): Promise<void> {
  const ok = await engine()
    .getImage(ref)
    .inspect()
    .then(() => true)
    .catch(() => false)
  if (!ok) throw new Error(`test image ${ref} is missing. ${SETUP}`)
}

/** Labelled containers matching extra label filters, e.g. `gpu-doctor.pid=123`. */
export async function labelled(...labels: string[]): Promise<Docker.ContainerInfo[]> {
  return withSignals(engine()).listContainers({ all: true, filters: { label: [`${MANAGED_LABEL}=true`, ...labels] }, abortSignal: AbortSignal.timeout(10_000) })
}

/** Whether a container is gone (removal of a large vfs copy can take a while: poll). */
export async function gone(id: string, timeoutMs = 60_000): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const exists = await engine()
      .getContainer(id)
      .inspect()
      .then(() => true)
      .catch((e: { statusCode?: number }) => e.statusCode !== 404)
    if (!exists) return true
    await new Promise((r) => setTimeout(r, 250))
  }
  return false
}

export function requireCli(): string {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:cli`)
  return CLI
}

export interface Spawned {
  child: ChildProcess
  out: () => string
  err: () => string
  exited: Promise<number | null>
  /** Resolves when stdout+stderr match. */
  waitFor: (pattern: RegExp, timeoutMs: number) => Promise<void>
}

/** The built CLI as a separate process, to interrupt or kill it mid-run. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): Spawned {
  const child = spawn(process.execPath, [requireCli(), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  const waitFor = async (pattern: RegExp, timeoutMs: number) => {
    const until = Date.now() + timeoutMs
    while (!pattern.test(out + err)) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`waited for ${pattern}; got:\n${out}\n${err}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { child, out: () => out, err: () => err, exited, waitFor }
}
