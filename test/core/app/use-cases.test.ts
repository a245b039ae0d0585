import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { HistoryStore } from '../../../src/core/domain/report/history/history-store'
import { compareTargets } from '../../../src/core/app/compare-targets'
import { defaultPython } from '../../../src/core/app/default-python'
import { diagnoseAndSave } from '../../../src/core/app/diagnose-and-save'
import { CancelledError, ContainerProblemError, NoPythonError } from '../../../src/core/platform/errors'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { TORCH_PYTHON } from '../../helpers/pythons'

/** A machine with no Python anywhere: empty PATH, a HOME with no conda. */
const noPythonEnv = (): NodeJS.ProcessEnv => ({ PATH: mkdtempSync(join(tmpdir(), 'gd-nopath-')), HOME: mkdtempSync(join(tmpdir(), 'gd-home-')) })
const history = () => new HistoryStore(mkdtempSync(join(tmpdir(), 'gd-hist-')))

describe('the default interpreter (CLI, app and compare alike)', () => {
  it('is the named one, else python3 in a container, else none on a host without Python', async () => {
    expect(await defaultPython({ explicit: '/opt/py/bin/python', env: noPythonEnv() })).toBe('/opt/py/bin/python')
    expect(await defaultPython({ inContainer: true, env: noPythonEnv() })).toBe('python3')
    expect(await defaultPython({ env: noPythonEnv() })).toBeNull()
  })
})

describe('compareTargets', () => {
  it('says the host has no Python instead of running a python3 that is not there', async () => {
    await expect(compareTargets({ a: 'host', b: 'host', env: noPythonEnv() })).rejects.toBeInstanceOf(NoPythonError)
  })

  it('explains an image side that cannot run, before probing either side', async () => {
    const error = await compareTargets({ a: 'Not An Image!', b: 'host', python: TORCH_PYTHON }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContainerProblemError)
    expect((error as ContainerProblemError).problem.code).toBe('invalid-reference')
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(compareTargets({ a: 'host', b: 'host', python: TORCH_PYTHON, signal: controller.signal })).rejects.toBeInstanceOf(CancelledError)
  })
})

describe('diagnoseAndSave', { timeout: 60_000 }, () => {
  it('saves a finished run to the history', async () => {
    const store = history()
    const { diagnosis, saved } = await diagnoseAndSave({ history: store, python: TORCH_PYTHON, env: fakeSmiEnv('h200-x1'), steps: ['gpu-visible'] })
    expect(saved).not.toBeNull()
    expect(await store.load(saved!.id)).toEqual(diagnosis)
  })

  it('neither returns nor saves a cancelled run', async () => {
    const store = history()
    const controller = new AbortController()
    controller.abort()
    await expect(diagnoseAndSave({ history: store, python: TORCH_PYTHON, env: fakeSmiEnv('h200-x1'), steps: ['gpu-visible'], signal: controller.signal })).rejects.toBeInstanceOf(CancelledError)
    expect((await store.list()).entries).toEqual([])
  })

  it('does not fail the run when the history cannot be written', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gd-file-')), 'not-a-folder')
    writeFileSync(file, 'x')
    const store = new HistoryStore(join(file, 'history'))
    const result = await diagnoseAndSave({ history: store, python: TORCH_PYTHON, env: fakeSmiEnv('h200-x1'), steps: ['gpu-visible'] })
    expect(result.saved).toBeNull()
    expect(result.saveError).toMatchObject({ reason: 'cannot-create-folder', path: join(file, 'history') })
    expect(result.diagnosis.steps).toHaveLength(1)
  })
})
