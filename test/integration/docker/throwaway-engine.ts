import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type Docker from 'dockerode'

import { createDockerClient, resolveEndpoint } from '../../../src/core/platform/docker/endpoint'
import { withSignals } from '../../../src/core/platform/docker/with-signals'

/**
 * A second dockerd of its own (socket, data root, exec root; the CI engine's storage driver, no
 * iptables, no bridge), to kill mid-run without touching the engine the other tests use. Needs root,
 * like the CI's engine.
 */
export interface ThrowawayEngine {
  env: { DOCKER_HOST: string }
  docker: Docker
  pid: () => number
  /** SIGKILL, as a crash or the OOM killer would. */
  kill: () => Promise<void>
  /** Starts it again on the same folders (containers of before are still in its store). */
  start: () => Promise<void>
  /** Stops it and its containerd for good and removes its folders. */
  destroy: () => Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const DOCKER_CLI = ['/usr/bin/docker', '/usr/local/bin/docker'].find((p) => {
  try {
    return readFileSync(p).length > 0
  } catch {
    return false
  }
})

/** PIDs of processes whose command line names this engine's folder (its dockerd, containerd, shims). */
function processesUnder(root: string, command: RegExp = /./): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (cmdline.includes(root) && command.test(cmdline)) found.push(Number(entry))
    } catch {
      // gone
    }
  }
  return found
}

/** overlay2 where this kernel mounts overlayfs under root (loading and creating are then instant), else vfs. */
function storageDriver(root: string): string {
  const script = fileURLToPath(new URL('../../../scripts/ci/storage-driver.sh', import.meta.url))
  const driver = execFileSync('bash', [script, root], { encoding: 'utf8', timeout: 20_000 }).trim()
  return driver === 'overlay' ? 'overlay2' : 'vfs'
}

export async function startThrowawayEngine(): Promise<ThrowawayEngine> {
  const root = mkdtempSync('/tmp/gd-throwaway-engine-')
  const driver = storageDriver(root)
  const socket = join(root, 'docker.sock')
  const env = { DOCKER_HOST: `unix://${socket}` }
  const docker = createDockerClient(resolveEndpoint(env), env)
  let pid = 0
  const start = async () => {
    const log = openSync(join(root, 'dockerd.log'), 'a')
    const child = spawn(
      'dockerd',
      ['--host', env.DOCKER_HOST, '--data-root', join(root, 'data'), '--exec-root', join(root, 'exec'), '--pidfile', join(root, 'dockerd.pid'), `--storage-driver=${driver}`, '--iptables=false', '--ip6tables=false', '--bridge=none'],
      { stdio: ['ignore', log, log], detached: true },
    )
    child.unref()
    pid = child.pid!
    const until = Date.now() + 60_000
    for (;;) {
      const up = await withSignals(docker)
        .ping({ abortSignal: AbortSignal.timeout(1_000) })
        .then(() => true)
        .catch(() => false)
      if (up) return
      if (Date.now() > until) throw new Error(`the throwaway dockerd in ${root} did not come up:\n${readFileSync(join(root, 'dockerd.log'), 'utf8').slice(-2000)}`)
      await sleep(250)
    }
  }
  const kill = async () => {
    process.kill(pid, 'SIGKILL')
    // Its managed containerd goes down with it (as it does when the whole engine crashes); the
    // containers' shims live on, as they do for real.
    for (const p of processesUnder(root, /^containerd\0/)) process.kill(p, 'SIGKILL')
    await sleep(200)
    // Where PID 1 reaps no orphans (a container), the dead containerd stays a zombie and dockerd,
    // finding its PID "alive" in this file, would wait for it instead of starting a new one.
    rmSync(join(root, 'exec', 'containerd', 'containerd.pid'), { force: true })
  }
  await start()
  return {
    env,
    docker,
    pid: () => pid,
    kill,
    start,
    destroy: async () => {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
      const until = Date.now() + 20_000
      while (processesUnder(root).length && Date.now() < until) await sleep(200)
      for (const p of processesUnder(root)) process.kill(p, 'SIGKILL')
      // dockerd bind-mounts its data root and leaves network namespaces mounted: deepest first.
      const mounts = readFileSync('/proc/mounts', 'utf8')
        .split('\n')
        .map((line) => line.split(' ')[1] ?? '')
        .filter((m) => m.startsWith(root))
        .sort((a, b) => b.length - a.length)
      for (const m of mounts) {
        try {
          execFileSync('umount', ['-l', m], { stdio: 'ignore' })
        } catch {
          // already gone
        }
      }
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** Copies an image of the main engine into another one (docker save | docker load). */
export function copyImage(ref: string, to: ThrowawayEngine): void {
  if (!DOCKER_CLI) throw new Error('no docker CLI to copy the test image with')
  execFileSync('sh', ['-c', `${DOCKER_CLI} save "$1" | DOCKER_HOST="$2" ${DOCKER_CLI} load`, 'copy', ref, to.env.DOCKER_HOST], { stdio: 'ignore', timeout: 120_000 })
}
