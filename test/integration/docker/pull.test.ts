import { afterEach, describe, expect, it } from 'vitest'

import { createDockerClient } from '../../../src/core/platform/docker/endpoint'
import { pullImage } from '../../../src/core/platform/docker/pull-image'
import type { PullSnapshot } from '../../../src/core/platform/docker/pull-progress'
import { engine, ENDPOINT, PODMAN, PULL_REF, RUN, spawnCli } from './engine'

const present = (ref: string) =>
  engine()
    .getImage(ref)
    .inspect()
    .then(() => true)
    .catch(() => false)
const removeImage = (ref: string) =>
  engine()
    .getImage(ref)
    .remove({ force: true })
    .catch(() => undefined)

/** Engine-side `pull` events for a reference since a time (ms). */
async function pullEvents(ref: string, sinceMs: number): Promise<unknown[]> {
  const since = Math.floor(sinceMs / 1000) - 1
  const until = Math.ceil(Date.now() / 1000)
  const raw = (await engine().getEvents({ since, until, filters: { type: ['image'], event: ['pull'] } })) as unknown as NodeJS.ReadableStream | Buffer | string
  const text = typeof raw === 'string' || Buffer.isBuffer(raw) ? raw.toString() : await new Promise<string>((resolve) => {
    let s = ''
    raw.on('data', (d: Buffer) => (s += d.toString()))
    raw.on('end', () => resolve(s))
  })
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id?: string; timeNano?: number })
    .filter((e) => e.id === ref && (e.timeNano ?? 0) / 1e6 >= sinceMs)
}

describe.skipIf(!RUN)('pull from the local registry (127.0.0.1:5000)', () => {
  afterEach(() => removeImage(PULL_REF))

  it('reports per-layer and total progress with a byte total, and the digest', async () => {
    await removeImage(PULL_REF)
    const snapshots: PullSnapshot[] = []
    const r = await pullImage(engine(), PULL_REF, { endpoint: ENDPOINT, onProgress: (s) => snapshots.push(s), minIntervalMs: 0 })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(r.upToDate).toBe(false)
    expect(r.snapshot.percent).toBe(100)
    expect(await present(PULL_REF)).toBe(true)
    if (PODMAN) {
      // Podman 4.3 lists the config blob among the layers, and from a registry this near sends no
      // byte counts: progress goes by layer (Pulling fs layer → Download complete).
      expect(r.snapshot.layers).toHaveLength(3)
      expect(r.snapshot.layersDone).toBe(3)
      expect(snapshots.some((s) => s.percent === null && s.layers.some((l) => l.status === 'Download complete'))).toBe(true)
      return
    }
    expect(r.snapshot.layers).toHaveLength(2)
    // Two layers of random bytes (12 MiB + 8 MiB) plus tar headers.
    expect(r.snapshot.bytesTotal).toBeGreaterThan(20 * 1024 * 1024)
    expect(r.snapshot.bytesDone).toBe(r.snapshot.bytesTotal)
    expect(r.snapshot.percent).toBe(100)
    expect(snapshots.length).toBeGreaterThan(3)
    expect(snapshots.some((s) => s.layers.some((l) => l.status === 'Downloading' && l.current > 0 && l.total !== null))).toBe(true)
    expect(await present(PULL_REF)).toBe(true)
  })

  it('cancel mid-pull: no image afterwards and no pull event from the engine', async () => {
    await removeImage(PULL_REF)
    const since = Date.now()
    const ac = new AbortController()
    const r = await pullImage(engine(), PULL_REF, {
      endpoint: ENDPOINT,
      signal: ac.signal,
      minIntervalMs: 0,
      // The first event is "Pulling from …": cancel before any layer is downloaded.
      onProgress: () => ac.abort(),
    })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problem.code).toBe('cancelled')
    // Docker stops a pull when its client goes away; Podman 4.3 sometimes finishes it in the background
    // (1 in 3 measured, README "Docker and Podman"): there only GPU Doctor's own stop is ours to check.
    if (PODMAN) return
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(await present(PULL_REF)).toBe(false)
    expect(await pullEvents(PULL_REF, since)).toEqual([])
  })

  it('a missing tag: manifest unknown', async () => {
    const r = await pullImage(engine(), '127.0.0.1:5000/gpu-doctor-test/pull:no-such-tag', { endpoint: ENDPOINT })
    expect(r.ok ? 'ok' : r.problem.code).toBe('manifest-unknown')
  })

  it('a registry that wants credentials: auth failure', async () => {
    const r = await pullImage(engine(), '127.0.0.1:5001/gpu-doctor-test/pull:layers', { endpoint: ENDPOINT })
    expect(r.ok ? 'ok' : r.problem.code).toBe('auth-failed')
  })

  it('a registry nobody answers for: unreachable', async () => {
    const r = await pullImage(engine(), '127.0.0.1:5999/gpu-doctor-test/pull:layers', { endpoint: ENDPOINT })
    expect(r.ok ? 'ok' : r.problem.code).toBe('registry-unreachable')
  })

  it('an invalid reference is refused before anything is sent (the client points nowhere)', async () => {
    const nowhere = createDockerClient({ kind: 'unix', socketPath: '/nonexistent.sock' })
    const r = await pullImage(nowhere, 'PyTorch/PyTorch:latest', { endpoint: 'unix:///nonexistent.sock' })
    expect(r.ok ? 'ok' : r.problem).toMatchObject({ code: 'invalid-reference', message: expect.stringMatching(/lowercase/) })
  })

  it('gpu-doctor pull --json: progress lines then done; a missing tag exits 3 with the explanation', async () => {
    await removeImage(PULL_REF)
    const run = spawnCli(['pull', PULL_REF, '--json'])
    expect(await run.exited).toBe(0)
    const lines = run.out().trim().split('\n').map((l) => JSON.parse(l) as { type: string; bytesTotal?: number })
    expect(lines.at(-1)).toMatchObject({ type: 'done', ref: PULL_REF, bytesTotal: expect.any(Number) })
    expect(lines.filter((l) => l.type === 'progress').length).toBeGreaterThan(0)
    const missing = spawnCli(['pull', '127.0.0.1:5000/gpu-doctor-test/pull:nope'])
    expect(await missing.exited).toBe(3)
    expect(missing.err()).toMatch(/no such tag \(manifest unknown\)/)
    const bad = spawnCli(['pull', 'Bad/Name'])
    expect(await bad.exited).toBe(2)
  })

  it('Ctrl-C during gpu-doctor pull cancels it', async () => {
    await removeImage(PULL_REF)
    const run = spawnCli(['pull', PULL_REF, '--json'])
    await run.waitFor(/"type":"progress"/, 30_000)
    run.child.kill('SIGINT')
    const code = await run.exited
    // The pull may have finished in the instant before the signal; either way nothing is half there.
    if (code === 0) return
    expect(code).toBe(130)
    expect(run.out()).toMatch(/"code":"cancelled"/)
    // Docker stops a pull when its client goes away; Podman 4.3 sometimes finishes it in the background (1 in 3 here).
    if (process.env.DOCKER_HOST?.includes('podman')) return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(await present(PULL_REF)).toBe(false)
  })
}, 120_000)
