import { describe, expect, it } from 'vitest'

import { isLeftover } from '../../../../src/core/platform/docker/sweep'

const now = Date.parse('2026-11-21T06:00:00Z')
const ctx = { host: 'gpu-box', now, isAlive: (pid: number) => pid === 100, maxAgeMs: 6 * 3600_000 }
const labelled = (pid: string, host = 'gpu-box', ageS = 60) => ({
  Labels: { 'gpu-doctor.managed': 'true', 'gpu-doctor.pid': pid, 'gpu-doctor.host': host },
  Created: now / 1000 - ageS,
})

describe('isLeftover', () => {
  it('sweeps containers of a dead gpu-doctor on this machine, keeps those of a live one', () => {
    expect(isLeftover(labelled('200'), ctx)).toBe(true)
    expect(isLeftover(labelled('100'), ctx)).toBe(false)
  })

  it('leaves another machine’s recent containers alone but sweeps anything older than a probe can run', () => {
    expect(isLeftover(labelled('200', 'other-box'), ctx)).toBe(false)
    expect(isLeftover(labelled('200', 'other-box', 7 * 3600), ctx)).toBe(true)
    expect(isLeftover(labelled('100', 'gpu-box', 7 * 3600), ctx)).toBe(true)
  })

  it('never touches a container without the managed label', () => {
    expect(isLeftover({ Labels: { 'gpu-doctor.pid': '200' }, Created: 0 }, ctx)).toBe(false)
    expect(isLeftover({}, ctx)).toBe(false)
  })
})
