import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { checkHealthUnderLoad } from '../../../../src/core/domain/health/check-under-load'
import { fakeHealthEnv, isAlive } from '../../../helpers/fake-smi'
import { TORCH_PYTHON } from '../../../helpers/pythons'

/** A stand-in probe: says its load started, records its PID, then keeps "loading" far longer than the read takes. */
function slowLoadProbe(dir: string): string {
  const path = join(dir, 'probe.py')
  writeFileSync(
    path,
    [
      'import os, sys, time',
      `open(${JSON.stringify(join(dir, 'pid'))}, "w").write(str(os.getpid()))`,
      'sys.stderr.write(\'GPU_DOCTOR_PROGRESS {"stage": "workload:sustained", "t": 0}\\n\'); sys.stderr.flush()',
      'time.sleep(60)',
    ].join('\n'),
  )
  return path
}

describe('health under GPU Doctor\'s own load', () => {
  it('reads nvidia-smi while the load runs, says so, and stops the load once read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-load-'))
    const env = fakeHealthEnv('h100-x1', { GPU_DOCTOR_PROBE: slowLoadProbe(dir) })
    const started = Date.now()
    const outcome = await checkHealthUnderLoad({ python: TORCH_PYTHON, env, settleMs: 300 })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.health.load).toEqual({ applied: true, python: TORCH_PYTHON, detail: 'bf16 matmul 8192×8192, every GPU' })
    expect(outcome.health.gpus[0]?.name).toBe('NVIDIA H100 80GB HBM3')
    expect(Date.now() - started).toBeLessThan(20_000)
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'))
    expect(isAlive(pid)).toBe(false)
  })

  it('says which GPUs carried the load when CUDA_VISIBLE_DEVICES narrows them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-load-'))
    const env = fakeHealthEnv('h100-x1', { GPU_DOCTOR_PROBE: slowLoadProbe(dir), CUDA_VISIBLE_DEVICES: '1' })
    const outcome = await checkHealthUnderLoad({ python: TORCH_PYTHON, env, settleMs: 300 })
    expect(outcome.ok && outcome.health.load?.detail).toBe('bf16 matmul 8192×8192, the GPUs CUDA_VISIBLE_DEVICES=1 leaves visible')
  })

  it('a PyTorch without CUDA cannot load the GPU: the report is read anyway and says why the load did not run', async () => {
    const outcome = await checkHealthUnderLoad({ python: TORCH_PYTHON, env: fakeHealthEnv('h200-x1') })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.health.load).toMatchObject({ applied: false, python: TORCH_PYTHON })
    expect(outcome.health.load?.detail).toMatch(/CUDA is not available|no CUDA|torch/)
  }, 60_000)

  it('cancelling stops the load and the read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-load-'))
    const abort = new AbortController()
    const env = fakeHealthEnv('h100-x1', { GPU_DOCTOR_PROBE: slowLoadProbe(dir) })
    setTimeout(() => abort.abort(), 500)
    const started = Date.now()
    const outcome = await checkHealthUnderLoad({ python: TORCH_PYTHON, env, settleMs: 30_000, signal: abort.signal })
    expect(Date.now() - started).toBeLessThan(5_000)
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'))
    expect(isAlive(pid)).toBe(false)
    expect(outcome.ok).toBe(false)
  })
})
