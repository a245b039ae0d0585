import { describe, expect, it } from 'vitest'

import { parseImageReference } from '../../../../src/core/platform/docker/image-reference'

const ok = (input: string) => {
  const r = parseImageReference(input)
  if (!r.ok) throw new Error(`${input}: ${r.reason}`)
  return r.ref
}
const reason = (input: string) => {
  const r = parseImageReference(input)
  if (r.ok) throw new Error(`${input} should be invalid`)
  return r.reason
}
const DIGEST = `sha256:${'a'.repeat(64)}`

describe('parseImageReference: valid references', () => {
  it.each([
    ['pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime', { domain: null, path: 'pytorch/pytorch', tag: '2.9.1-cuda12.8-cudnn9-runtime' }],
    ['nvcr.io/nvidia/pytorch:24.05-py3', { domain: 'nvcr.io', path: 'nvidia/pytorch', tag: '24.05-py3' }],
    ['ubuntu', { domain: null, path: 'ubuntu', tag: null, normalized: 'ubuntu:latest' }],
    ['localhost/app', { domain: 'localhost', path: 'app', normalized: 'localhost/app:latest' }],
    ['127.0.0.1:5000/gpu-doctor-test/pull:layers', { domain: '127.0.0.1:5000', path: 'gpu-doctor-test/pull', tag: 'layers' }],
    ['[::1]:5000/x/y:z', { domain: '[::1]:5000', path: 'x/y' }],
    ['my_org/a__b.c-d---e:V1.0_x', { path: 'my_org/a__b.c-d---e', tag: 'V1.0_x' }],
    [`ubuntu@${DIGEST}`, { tag: null, digest: DIGEST, normalized: `ubuntu@${DIGEST}` }],
    [`ghcr.io/o/r:t@${DIGEST}`, { domain: 'ghcr.io', tag: 't', digest: DIGEST }],
  ])('%s', (input, expected) => {
    expect(ok(input)).toMatchObject(expected)
  })
})

describe('parseImageReference: invalid references, each with a reason', () => {
  it.each([
    ['', /empty/],
    ['pytorch pytorch', /no spaces/],
    ['PyTorch/pytorch:2.1', /lowercase/],
    ['pytorch/PyTorch', /lowercase/],
    ['pytorch/pytorch:', /valid/],
    ['pytorch/pytorch:-bad', /not a valid tag/],
    [`pytorch/pytorch:${'a'.repeat(129)}`, /not a valid tag/],
    ['-pytorch', /not a valid image reference/],
    ['pytorch/', /not a valid image reference/],
    ['pytorch//pytorch', /not a valid image reference/],
    ['a_/b', /not a valid image reference/],
    [`ubuntu@sha256:${'a'.repeat(63)}`, /not a valid image reference|64 hex/],
    [`ubuntu@sha256:${'a'.repeat(65)}`, /64 hex/],
    [`${'a'.repeat(256)}`, /longer than 255/],
  ])('%j', (input, pattern) => {
    expect(reason(input)).toMatch(pattern)
  })
})
