import { mkdirSync, mkdtempSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { LOCK_FILE } from '../../../../src/core/domain/diagnosis/run-lock'
import { createCoreService } from '../../../../src/core/app/service/core-service'
import type { CoreService } from '../../../../src/core/app/service/types'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../../src/shared/channels'
import { fakeSmiEnv } from '../../../helpers/fake-smi'
import { pythonWithoutTorch } from '../../../helpers/pythons'

let core: CoreService | null = null
afterEach(async () => {
  await core?.dispose()
  core = null
})

describe.skipIf(process.platform !== 'linux')('diagnosis:start on a lock that cannot be removed (issue 26)', () => {
  it('the run fails at once saying what to remove, and the service answers other calls meanwhile', async () => {
    const data = mkdtempSync(join(tmpdir(), 'gd-lock-service-'))
    mkdirSync(join(data, LOCK_FILE))
    utimesSync(join(data, LOCK_FILE), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000))
    const python = pythonWithoutTorch()
    core = createCoreService({ env: { ...fakeSmiEnv('h200-x1'), GPU_DOCTOR_DATA_DIR: data }, dataDir: data, allowedInterpreters: [python] })
    const done = new Promise<unknown>((resolve) => core!.on(EVENT_CHANNELS.diagnosisDone, resolve))
    const started = await core.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python }])
    expect(started.ok).toBe(true)
    // Another call is served while the run meets the lock.
    expect((await core.invoke(INVOKE_CHANNELS.getGpuState, [])).ok).toBe(true)
    expect(await done).toMatchObject({ kind: 'failed', message: expect.stringContaining(`${join(data, LOCK_FILE)} was left by a run that has ended, but it cannot be removed (a folder)`) })
  })
})
