import type { IpcError } from '../../shared/contract'
import type { EngineState } from '../../shared/docker'
import type { GpuState } from '../../shared/gpu'
import type { Interpreter } from '../features/diagnosis/diagnosis-store'

export type CheckId = 'driver' | 'docker' | 'python'
/** unknown: the question could not be asked (the server did not answer); absent: an optional part is not there. */
export type CheckState = 'checking' | 'ok' | 'warn' | 'missing' | 'absent' | 'unknown'

export interface FirstRunCheck {
  readonly id: CheckId
  readonly state: CheckState
  /** Docker helps only the Images page; the driver and a Python are needed for a diagnosis. */
  readonly optional: boolean
  /** What was found: a ui text key and its values. */
  readonly found: { readonly key: string; readonly params: Record<string, string | number> }
  /** What to do next, when something is missing or short. */
  readonly todo: string | null
}

export interface FirstRunInputs {
  readonly gpuState: GpuState | null
  /** gpu:get-state itself failed (the server did not answer). */
  readonly gpuLoadError?: IpcError | null
  readonly engine: EngineState | null
  readonly engineError?: IpcError | null
  readonly interpreters: readonly Interpreter[] | null
  readonly interpretersError: IpcError | null
}

const checking = (id: CheckId, optional: boolean): FirstRunCheck => ({ id, optional, state: 'checking', found: { key: 'firstRun.checking', params: {} }, todo: null })
const couldNotCheck = (id: CheckId, optional: boolean, error: IpcError): FirstRunCheck => ({
  id,
  optional,
  state: 'unknown',
  found: { key: 'firstRun.unknown', params: { message: error.message } },
  todo: null,
})

function driverCheck(gpuState: GpuState | null, loadError: IpcError | null): FirstRunCheck {
  if (loadError) return couldNotCheck('driver', false, loadError)
  if (gpuState === null) return checking('driver', false)
  if (gpuState.kind === 'error') return { id: 'driver', optional: false, state: 'missing', found: { key: 'firstRun.driver.missing', params: {} }, todo: 'firstRun.driver.todo' }
  const { driverVersion, gpus } = gpuState.status
  return { id: 'driver', optional: false, state: 'ok', found: { key: 'firstRun.driver.ok', params: { version: driverVersion ?? '?', count: gpus.length } }, todo: null }
}

function dockerCheck(engine: EngineState | null, error: IpcError | null): FirstRunCheck {
  if (error) return couldNotCheck('docker', true, error)
  if (engine === null || engine.kind === 'unknown') return checking('docker', true)
  if (engine.kind === 'down') return { id: 'docker', optional: true, state: 'absent', found: { key: 'firstRun.docker.missing', params: { endpoint: engine.endpoint } }, todo: 'firstRun.docker.todo' }
  return { id: 'docker', optional: true, state: 'ok', found: { key: 'firstRun.docker.ok', params: { version: engine.info.serverVersion ?? '?' } }, todo: null }
}

function pythonCheck(interpreters: readonly Interpreter[] | null, error: IpcError | null): FirstRunCheck {
  // The listing failed: that says nothing about which Pythons this computer has.
  if (error) return couldNotCheck('python', false, error)
  if (interpreters === null) return checking('python', false)
  const working = interpreters.filter((i) => !i.error)
  if (working.length === 0) return { id: 'python', optional: false, state: 'missing', found: { key: 'firstRun.python.missing', params: {} }, todo: 'firstRun.python.todo' }
  const withTorch = working.find((i) => i.torchLocation && i.torchBuild !== 'cpu')
  // A CPU-only PyTorch is no tick: it can never use the GPU (the diagnosis says how to install a CUDA build).
  const cpuOnly = working.find((i) => i.torchLocation && i.torchBuild === 'cpu')
  if (!withTorch && cpuOnly)
    return { id: 'python', optional: false, state: 'warn', found: { key: 'firstRun.python.cpuOnly', params: { path: cpuOnly.path } }, todo: 'firstRun.python.torchTodo' }
  if (!withTorch) return { id: 'python', optional: false, state: 'warn', found: { key: 'firstRun.python.noTorch', params: { count: working.length } }, todo: 'firstRun.python.torchTodo' }
  return { id: 'python', optional: false, state: 'ok', found: { key: 'firstRun.python.ok', params: { path: withTorch.path } }, todo: null }
}

/** What the first screen reports: the NVIDIA driver, a Docker engine, a Python (with PyTorch). */
export function firstRunChecks(inputs: FirstRunInputs): FirstRunCheck[] {
  return [
    driverCheck(inputs.gpuState, inputs.gpuLoadError ?? null),
    dockerCheck(inputs.engine, inputs.engineError ?? null),
    pythonCheck(inputs.interpreters, inputs.interpretersError),
  ]
}

/** The first-run panel opens in full while something required is missing; otherwise it is one status line. */
export function firstRunNeeded(checks: readonly FirstRunCheck[]): boolean {
  return checks.some((c) => c.state === 'missing' && !c.optional)
}
