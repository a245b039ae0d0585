import type { IpcError } from '../../shared/contract'
import type { EngineState } from '../../shared/docker'
import type { GpuState } from '../../shared/gpu'
import type { Interpreter } from '../features/diagnosis/diagnosis-store'

export type CheckId = 'driver' | 'docker' | 'python'
export type CheckState = 'checking' | 'ok' | 'warn' | 'missing'

export interface FirstRunCheck {
  readonly id: CheckId
  readonly state: CheckState
  /** What was found: a ui text key and its values. */
  readonly found: { readonly key: string; readonly params: Record<string, string | number> }
  /** What to do next, when something is missing or short. */
  readonly todo: string | null
}

export interface FirstRunInputs {
  readonly gpuState: GpuState | null
  readonly engine: EngineState | null
  readonly interpreters: readonly Interpreter[] | null
  readonly interpretersError: IpcError | null
}

function driverCheck(gpuState: GpuState | null): FirstRunCheck {
  if (gpuState === null) return { id: 'driver', state: 'checking', found: { key: 'firstRun.checking', params: {} }, todo: null }
  if (gpuState.kind === 'error') return { id: 'driver', state: 'missing', found: { key: 'firstRun.driver.missing', params: {} }, todo: 'firstRun.driver.todo' }
  const { driverVersion, gpus } = gpuState.status
  return { id: 'driver', state: 'ok', found: { key: 'firstRun.driver.ok', params: { version: driverVersion ?? '?', count: gpus.length } }, todo: null }
}

function dockerCheck(engine: EngineState | null): FirstRunCheck {
  if (engine === null || engine.kind === 'unknown') return { id: 'docker', state: 'checking', found: { key: 'firstRun.checking', params: {} }, todo: null }
  if (engine.kind === 'down') return { id: 'docker', state: 'missing', found: { key: 'firstRun.docker.missing', params: { endpoint: engine.endpoint } }, todo: 'firstRun.docker.todo' }
  return { id: 'docker', state: 'ok', found: { key: 'firstRun.docker.ok', params: { version: engine.info.serverVersion ?? '?' } }, todo: null }
}

function pythonCheck(interpreters: readonly Interpreter[] | null, error: IpcError | null): FirstRunCheck {
  if (interpreters === null && error === null) return { id: 'python', state: 'checking', found: { key: 'firstRun.checking', params: {} }, todo: null }
  const working = (interpreters ?? []).filter((i) => !i.error)
  if (working.length === 0) return { id: 'python', state: 'missing', found: { key: 'firstRun.python.missing', params: {} }, todo: 'firstRun.python.todo' }
  const withTorch = working.find((i) => i.torchLocation)
  if (!withTorch) return { id: 'python', state: 'warn', found: { key: 'firstRun.python.noTorch', params: { count: working.length } }, todo: 'firstRun.python.torchTodo' }
  return { id: 'python', state: 'ok', found: { key: 'firstRun.python.ok', params: { path: withTorch.path } }, todo: null }
}

/** What the first screen reports: the NVIDIA driver, a Docker engine, a Python (with PyTorch). */
export function firstRunChecks(inputs: FirstRunInputs): FirstRunCheck[] {
  return [driverCheck(inputs.gpuState), dockerCheck(inputs.engine), pythonCheck(inputs.interpreters, inputs.interpretersError)]
}

/** The first-run panel leads the app while anything is missing. */
export function firstRunNeeded(checks: readonly FirstRunCheck[]): boolean {
  return checks.some((c) => c.state === 'missing')
}
