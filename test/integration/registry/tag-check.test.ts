import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { checkReason, checkRecommendedTags } from '../../../src/core/domain/recommend/check-tags'
import { recommend } from '../../../src/core/domain/recommend/recommend'
import { reasonText } from '../../../src/core/domain/recommend/reasons'
import { checkTag, checkTags } from '../../../src/core/platform/registry/tag-check'
import { deleteManifests, pushMultiPlatform, pushSinglePlatform } from '../../helpers/registry-push'

// Against the project's local registries (scripts/ci/start-docker.sh): 127.0.0.1:5000 open,
// 127.0.0.1:5001 with htpasswd (every anonymous pull refused). They run when
// GPU_DOCTOR_DOCKER_TESTS is set (CI: then a missing registry fails them) or the registry answers.
const OPEN = 'http://127.0.0.1:5000'
const answers = await fetch(`${OPEN}/v2/`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.ok).catch(() => false)
const RUN = Boolean(process.env.GPU_DOCTOR_DOCKER_TESTS) || answers

// Unique per run: the Docker and Podman projects, and other checkouts, share the registry.
const REPO = `gpu-doctor-test/tag-check-${randomBytes(4).toString('hex')}`
const pushed: string[] = []

describe.skipIf(!RUN)('registry tag check against the local registry', () => {
  beforeAll(async () => {
    if (!answers) throw new Error('GPU_DOCTOR_DOCKER_TESTS is set but nothing answers on 127.0.0.1:5000. Run: bash scripts/ci/start-docker.sh')
    pushed.push(...(await pushSinglePlatform(OPEN, REPO, 'amd64-only', 'amd64')))
    pushed.push(...(await pushMultiPlatform(OPEN, REPO, 'multi', ['amd64', 'arm64'])))
  })
  afterAll(() => deleteManifests(OPEN, REPO, pushed))

  it('a multi-platform OCI index: found, for linux/amd64 and linux/arm64 (the attestation entry is no platform)', async () => {
    const r = await checkTag(`127.0.0.1:5000/${REPO}:multi`)
    expect(r).toMatchObject({ status: 'found', platforms: ['linux/amd64', 'linux/arm64'] })
    expect(r.status === 'found' && r.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it('a single-platform tag: found, with the platform its image config names', async () => {
    expect(await checkTag(`127.0.0.1:5000/${REPO}:amd64-only`)).toMatchObject({ status: 'found', platforms: ['linux/amd64'] })
  })

  it('a tag that does not exist, and a repository that does not exist', async () => {
    const [tag, repo] = await checkTags([`127.0.0.1:5000/${REPO}:no-such-tag`, '127.0.0.1:5000/gpu-doctor-test/no-such-repo:x'])
    expect(tag).toMatchObject({ status: 'missing', detail: `${REPO} has no tag no-such-tag` })
    expect(repo).toMatchObject({ status: 'missing' })
    expect(repo!.status === 'missing' && repo!.detail).toMatch(/no repository gpu-doctor-test\/no-such-repo/)
  })

  it('a registry that refuses anonymous pulls (Basic auth): not checked, and why', async () => {
    const r = await checkTag('127.0.0.1:5001/gpu-doctor-test/pull:layers')
    expect(r).toMatchObject({ status: 'not-checked' })
    expect(r.status === 'not-checked' && r.reason).toMatch(/127\.0\.0\.1:5001 asks for a user name and password/)
  })

  it('nothing listening, and no answer in time: not checked, and why', async () => {
    // A port that was free a moment ago: the connection is refused.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => resolve(p))
      })
    })
    const refused = await checkTag(`127.0.0.1:${port}/x/y:z`)
    expect(refused.status === 'not-checked' && refused.reason).toMatch(/refused the connection/)

    // A server that accepts and never answers: the timeout speaks.
    const silent = createServer(() => {}).listen(0, '127.0.0.1')
    await new Promise((r) => silent.once('listening', r))
    const silentPort = (silent.address() as { port: number }).port
    try {
      const started = Date.now()
      const slow = await checkTag(`127.0.0.1:${silentPort}/x/y:z`, { timeoutMs: 500 })
      expect(slow.status === 'not-checked' && slow.reason).toMatch(/did not answer within/)
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      silent.close()
      silent.unref()
    }
  })

  it('a reference that is not one: not checked, with the reference problem', async () => {
    const r = await checkTag('Not A Ref')
    expect(r.status === 'not-checked' && r.reason).toMatch(/no spaces/)
  })

  it('a recommendation on an arm64 machine whose tag exists only for amd64 is flagged as not for this machine', async () => {
    const result = recommend({ gpus: [{ name: 'NVIDIA GB10' }], driverVersion: '580.95.05' })
    // The tables' tags live on nvcr.io; point the same answer at the tags pushed here.
    result.recommendations = [
      { ...result.recommendations[0]!, image: `127.0.0.1:5000/${REPO}:amd64-only` },
      { ...result.recommendations[0]!, image: `127.0.0.1:5000/${REPO}:multi` },
    ]
    const [amd64, multi] = await checkRecommendedTags(result, { timeoutMs: 5_000 })
    expect(amd64).toMatchObject({ status: 'found', platforms: ['linux/amd64'], runsHere: false, platform: 'linux/arm64' })
    expect(reasonText(checkReason(amd64!))).toMatch(/but only for linux\/amd64: not for this machine \(linux\/arm64\)/)
    expect(multi).toMatchObject({ status: 'found', runsHere: true })
    expect(reasonText(checkReason(multi!))).toMatch(/in the registry, for linux\/amd64, linux\/arm64\./)
  })
})
