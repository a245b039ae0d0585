import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { runDiagnosis } from '../../src/core/domain/diagnosis/run-diagnosis'
import { diagnoseAndSave } from '../../src/core/app/diagnose-and-save'
import { CancelledError } from '../../src/core/platform/errors'
import { fakeSmiEnv, isAlive } from '../helpers/fake-smi'
import { TORCH_PYTHON } from '../helpers/pythons'

const STALLING_TORCH = fileURLToPath(new URL('../helpers/stalling-torch', import.meta.url))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The real probe with a Python that never answers: `import torch` hangs (asleep in a system call). */
function hungPython() {
  const marks = mkdtempSync(join(tmpdir(), 'gd-hung-py-'))
  const env = fakeSmiEnv('h200-x1', { PYTHONPATH: STALLING_TORCH, FAKE_TORCH_STALL: 'sleep', FAKE_TORCH_PID_DIR: marks, GPU_DOCTOR_DATA_DIR: join(marks, 'data') })
  const probePid = () => Number(readdirSync(marks).find((f) => /^\d+$/.test(f)) ?? 0)
  return { env, probePid }
}

describe('a Python that never answers', () => {
  it('ends at the probe deadline: step 1 fails saying so, and the probe is gone', async () => {
    const { env, probePid } = hungPython()
    const started = Date.now()
    const d = await runDiagnosis({ python: TORCH_PYTHON, steps: ['gpu-visible', 'cudnn-loaded'], env, probeTimeoutMs: 2_000 })
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(2_000)
    expect(elapsed).toBeLessThan(10_000)
    const step1 = d.steps.find((s) => s.id === 'gpu-visible')!
    expect(step1.status).toBe('fail')
    expect(step1.findings[0]).toMatchObject({ id: 'probe-failed' })
    expect(step1.findings[0]!.message).toContain('the probe did not finish within 2 s')
    expect(d.steps.find((s) => s.id === 'cudnn-loaded')!.status).toBe('skip')
    expect(probePid()).toBeGreaterThan(0)
    expect(isAlive(probePid())).toBe(false)
  })

  it('cancelling while it hangs ends the run at once, as cancelled, and kills the probe', async () => {
    const { env, probePid } = hungPython()
    const ac = new AbortController()
    const run = diagnoseAndSave({ history: null, python: TORCH_PYTHON, steps: ['gpu-visible'], env, signal: ac.signal, lockDir: mkdtempSync(join(tmpdir(), 'gd-lock-')) })
    const until = Date.now() + 15_000
    while (!probePid() && Date.now() < until) await sleep(25)
    const cancelledAt = Date.now()
    ac.abort()
    await expect(run).rejects.toBeInstanceOf(CancelledError)
    expect(Date.now() - cancelledAt).toBeLessThan(3_000)
    await sleep(100)
    expect(isAlive(probePid())).toBe(false)
  })
})
