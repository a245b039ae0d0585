import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { ENV_FINDING_AREAS, ENV_FINDING_IDS } from '../../../src/shared/i18n/env-finding-ids'
import { envFindingId, envFindingIdOf, envFindingsEn } from '../../../src/shared/i18n/env-findings'

const table = JSON.parse(readFileSync(new URL('../../../resources/data/cuda-environment.json', import.meta.url), 'utf8')) as { variables: Array<{ name: string; class: string; area: string }> }

describe('the environment finding ids', () => {
  it('are the variables of cuda-environment.json that can earn a warning (rerun node scripts/build-env-finding-ids.mjs after changing it)', () => {
    const warning = table.variables.filter((v) => v.class !== 'informational')
    expect([...ENV_FINDING_IDS]).toEqual(warning.map((v) => envFindingIdOf(v.name)))
    expect(ENV_FINDING_AREAS).toEqual(Object.fromEntries(warning.map((v) => [envFindingIdOf(v.name), v.area])))
  })

  it('each have their texts, and an informational or unknown variable has no id', () => {
    for (const id of ENV_FINDING_IDS) for (const part of ['title', 'message', 'fix'] as const) expect(envFindingsEn[`${id}.${part}`], `${id}.${part}`).toMatch(/\S/)
    expect(Object.keys(envFindingsEn)).toHaveLength(ENV_FINDING_IDS.length * 3)
    expect(envFindingId('CUDA_LAUNCH_BLOCKING')).toBe('env-cuda-launch-blocking')
    const informational = table.variables.find((v) => v.class === 'informational')!
    expect(envFindingId(informational.name)).toBeUndefined()
    expect(envFindingId('NOT_A_CUDA_VARIABLE')).toBeUndefined()
  })
})
