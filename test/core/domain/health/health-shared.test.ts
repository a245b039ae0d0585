import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { createCoreService } from '../../../../src/core/app/service/core-service'
import type { CoreService } from '../../../../src/core/app/service/types'
import { INVOKE_CHANNELS } from '../../../../src/shared/channels'
import { fakeHealthEnv } from '../../../helpers/fake-smi'

let core: CoreService | null = null
afterEach(async () => {
  await core?.dispose()
  core = null
})

describe('health:check shares its reads (issue 26)', () => {
  it('30 concurrent calls start one nvidia-smi -q -x, and all get the same answer', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'gd-health-shared-')), 'smi.log')
    core = createCoreService({ env: fakeHealthEnv('h200-x1', { FAKE_SMI_LOG: log }) })
    const answers = await Promise.all(Array.from({ length: 30 }, () => core!.invoke(INVOKE_CHANNELS.checkHealth, [])))
    expect(answers.every((a) => a.ok)).toBe(true)
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    const runs = readFileSync(log, 'utf8').split('\n').filter((line) => line.endsWith(' -q -x'))
    expect(runs).toHaveLength(1)
  })
})
