import { describe, expect, it } from 'vitest'

import type { EngineState } from '../../../src/shared/docker'
import type { GpuState } from '../../../src/shared/gpu'
import type { Interpreter } from '../../../src/renderer/features/diagnosis/diagnosis-store'
import { firstRunChecks, firstRunNeeded } from '../../../src/renderer/app/first-run'

const noDriver = { kind: 'error', problem: { code: 'nvidia-smi-not-found' } } as unknown as GpuState
const h200 = { kind: 'ok', status: { driverVersion: '580.159.04', gpus: [{}] } } as unknown as GpuState
const down = { kind: 'down', endpoint: '/var/run/docker.sock' } as unknown as EngineState
const up = { kind: 'up', info: { serverVersion: '26.1.5' }, checkedAt: 0 } as unknown as EngineState
const py = (path: string, torch: boolean, error: string | null = null): Interpreter => ({ path, source: 'path', version: '3.11.2', torchLocation: torch ? '/t' : null, error })

const states = (checks: ReturnType<typeof firstRunChecks>) => Object.fromEntries(checks.map((c) => [c.id, c.state]))

describe('first-run checks', () => {
  it('nothing known yet: checking, and no first-run screen', () => {
    const checks = firstRunChecks({ gpuState: null, engine: null, interpreters: null, interpretersError: null })
    expect(states(checks)).toEqual({ driver: 'checking', docker: 'checking', python: 'checking' })
    expect(firstRunNeeded(checks)).toBe(false)
  })

  it('no driver, no Docker, no Python: each missing with what to do', () => {
    const checks = firstRunChecks({ gpuState: noDriver, engine: down, interpreters: [py('/broken', false, 'exec format error')], interpretersError: null })
    expect(states(checks)).toEqual({ driver: 'missing', docker: 'absent', python: 'missing' })
    expect(checks.map((c) => c.todo)).toEqual(['firstRun.driver.todo', 'firstRun.docker.todo', 'firstRun.python.todo'])
    expect(checks[1]!.found.params).toEqual({ endpoint: '/var/run/docker.sock' })
    expect(firstRunNeeded(checks)).toBe(true)
  })

  it('everything there: the driver and GPU count, the engine version, the Python with torch; no first-run screen', () => {
    const checks = firstRunChecks({ gpuState: h200, engine: up, interpreters: [py('/a', false), py('/usr/bin/python3', true)], interpretersError: null })
    expect(states(checks)).toEqual({ driver: 'ok', docker: 'ok', python: 'ok' })
    expect(checks.map((c) => c.found.params)).toEqual([{ version: '580.159.04', count: 1 }, { version: '26.1.5' }, { path: '/usr/bin/python3' }])
    expect(firstRunNeeded(checks)).toBe(false)
  })

  it('a Python without PyTorch is a warning, not a blocker', () => {
    const checks = firstRunChecks({ gpuState: h200, engine: up, interpreters: [py('/a', false)], interpretersError: null })
    expect(checks[2]).toMatchObject({ state: 'warn', todo: 'firstRun.python.torchTodo' })
    expect(firstRunNeeded(checks)).toBe(false)
  })

  it('a CPU-only PyTorch is no tick: it can never use the GPU; a CUDA build elsewhere is the one named', () => {
    const cpu = { ...py('/usr/bin/python3', true), torchBuild: 'cpu' as const }
    const checks = firstRunChecks({ gpuState: h200, engine: up, interpreters: [cpu], interpretersError: null })
    expect(checks[2]).toMatchObject({ state: 'warn', found: { key: 'firstRun.python.cpuOnly', params: { path: '/usr/bin/python3' } }, todo: 'firstRun.python.torchTodo' })
    const both = firstRunChecks({ gpuState: h200, engine: up, interpreters: [cpu, { ...py('/opt/v/bin/python', true), torchBuild: 'cuda' as const }], interpretersError: null })
    expect(both[2]).toMatchObject({ state: 'ok', found: { params: { path: '/opt/v/bin/python' } } })
  })

  it('only Docker (optional) absent: no full first-run screen, and Docker is not marked missing', () => {
    const checks = firstRunChecks({ gpuState: h200, engine: down, interpreters: [py('/usr/bin/python3', true)], interpretersError: null })
    expect(states(checks)).toEqual({ driver: 'ok', docker: 'absent', python: 'ok' })
    expect(checks[1]!.optional).toBe(true)
    expect(firstRunNeeded(checks)).toBe(false)
  })

  it('a server that does not answer: could not check, never "none found"', () => {
    const lost = { code: 'network', message: 'Cannot reach the GPU Doctor server: Failed to fetch' }
    const checks = firstRunChecks({ gpuState: h200, gpuLoadError: lost, engine: up, engineError: lost, interpreters: null, interpretersError: lost })
    expect(states(checks)).toEqual({ driver: 'unknown', docker: 'unknown', python: 'unknown' })
    expect(checks[2]!.found).toEqual({ key: 'firstRun.unknown', params: { message: lost.message } })
    expect(firstRunNeeded(checks)).toBe(false)
  })
})
