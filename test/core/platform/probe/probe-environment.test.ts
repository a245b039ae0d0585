import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { compatData } from '../../../../src/core/knowledge/compat/data'

// The probe is standard-library Python that also runs inside containers: it carries the names of
// resources/data/cuda-environment.json itself. They must stay the same list.
describe('the probe reads exactly the variables of the environment table', () => {
  it('ENVIRONMENT_NAMES equals the table', () => {
    const probe = readFileSync(new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url), 'utf8')
    const block = /ENVIRONMENT_NAMES = \(([\s\S]*?)\n\)/.exec(probe)?.[1] ?? ''
    const names = [...block.matchAll(/"([A-Z0-9_]+)"/g)].map((m) => m[1])
    expect(names).toEqual(compatData().environment.variables.map((v) => v.name))
  })
})
