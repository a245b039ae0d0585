import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { checkTag } from '../../../src/core/platform/registry/tag-check'
import { pushMultiPlatform, pushSinglePlatform } from '../../helpers/registry-push'
import { HAS_REGISTRY_BINARY, REGISTRY_BINARY, startTokenRegistry, type TokenRegistry } from './token-registry'

// The bearer token flow (Docker Hub, GHCR, nvcr.io) against a real registry with token auth.
const RUN = Boolean(process.env.GPU_DOCTOR_DOCKER_TESTS) || HAS_REGISTRY_BINARY

describe.skipIf(!RUN)('registry tag check: bearer token flow', () => {
  let registry: TokenRegistry
  beforeAll(async () => {
    if (!HAS_REGISTRY_BINARY) throw new Error(`GPU_DOCTOR_DOCKER_TESTS is set but ${REGISTRY_BINARY} is missing. Run: bash scripts/ci/start-docker.sh`)
    registry = await startTokenRegistry()
    await pushMultiPlatform(registry.base, 'team/multi', 'v1', ['amd64', 'arm64'], registry.pushAuth('team/multi'))
    await pushSinglePlatform(registry.base, 'private/model', 'v1', 'arm64', registry.pushAuth('private/model'))
  }, 60_000)
  // The registry and its storage are this test's own: stopping it removes everything pushed.
  afterAll(() => registry?.stop())

  it('anonymous pull token from the challenge, then the OCI index: found for linux/amd64 and linux/arm64', async () => {
    const before = registry.tokenRequests.length
    const r = await checkTag(`${registry.host}/team/multi:v1`)
    expect(r).toMatchObject({ status: 'found', platforms: ['linux/amd64', 'linux/arm64'] })
    expect(registry.tokenRequests.slice(before)).toEqual([{ scope: 'repository:team/multi:pull', anonymous: true }])
  })

  it('a missing tag behind token auth is missing, not "not checked"', async () => {
    expect(await checkTag(`${registry.host}/team/multi:v2`)).toMatchObject({ status: 'missing', detail: 'team/multi has no tag v2' })
  })

  it('a repository the token service will not give an anonymous token for: not checked, because it was refused', async () => {
    const r = await checkTag(`${registry.host}/private/model:v1`)
    expect(r).toMatchObject({ status: 'not-checked' })
    expect(r.status === 'not-checked' && r.reason).toMatch(/token service 127\.0\.0\.1:\d+ refused an anonymous pull token \(HTTP 401\)/)
  })
})
