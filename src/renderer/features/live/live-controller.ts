import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../shared/channels'
import type { MonitorSample } from '../../../shared/gpu'
import { createCoalescer } from '../../stores/coalescer'
import type { ConnectionStore } from '../../stores/connection-store'
import type { GpuStore } from './gpu-store'
import type { HostStore } from './host-store'
import type { RendererTransport } from '../../transport'

/** The stores the live view is fed into; the connection store is shared with the whole UI. */
export interface LiveStores {
  gpu: GpuStore
  host: HostStore
  connection: ConnectionStore
}

export interface ControllerOptions {
  intervalMs?: number
  /** How long samples may wait so that a burst becomes one store update. */
  coalesceMs?: number
}

export interface LiveController {
  start(): Promise<void>
  /** Reads the GPU state again ("Check again"), and starts the monitor if the GPU is usable now. */
  refresh(): Promise<void>
  dispose(): void
}

/**
 * Feeds the stores from the transport: initial state by invoke, then live events. The monitor
 * starts as soon as the event stream is open, beside the first (slower) GPU state read, and is
 * restarted whenever the stream reopens, because the core stops nvidia-smi once the last listener
 * is gone (a dropped WebSocket, a reload). When the GPU state says there is no usable GPU, it is
 * stopped again: its restarts would only repeat the driver problem the page already explains.
 */
export function createLiveController(
  transport: RendererTransport,
  stores: LiveStores,
  { intervalMs = 1000, coalesceMs = 250 }: ControllerOptions = {},
): LiveController {
  const gpu = () => stores.gpu.getState()
  const samples = createCoalescer<MonitorSample>((batch) => gpu().addSamples(batch), coalesceMs)
  const unsubscribes: Array<() => void> = []

  // Not known yet counts as usable: waiting for the state read would delay the first numbers by seconds.
  const gpuUsable = () => gpu().gpuState?.kind !== 'error'
  const connected = () => stores.connection.getState().status === 'open'

  // One start at a time: the stream opening and gpu:get-state answering can both ask for it.
  // A request during a start runs once after it (a reconnect may have stopped the monitor since).
  let starting: Promise<void> | null = null
  let startAgain = false
  // monitor:state events are newer than an invoke's answer that raced them: the answer is read
  // when the request is handled, and the stream may already have said 'running' since.
  let stateEvents = 0
  function startMonitor(): Promise<void> {
    if (!gpuUsable() || !connected()) return Promise.resolve()
    if (starting) {
      startAgain = true
      return starting
    }
    const eventsBefore = stateEvents
    starting = transport
      .invoke(INVOKE_CHANNELS.startMonitor, { intervalMs })
      .then((result) => {
        if (!result.ok) gpu().setMonitorError(result.error)
        else if (stateEvents === eventsBefore) gpu().setMonitor(result.value)
      })
      .finally(() => {
        starting = null
        if (startAgain) {
          startAgain = false
          void startMonitor()
        }
      })
    return starting
  }

  async function loadGpu(): Promise<void> {
    const result = await transport.invoke(INVOKE_CHANNELS.getGpuState)
    if (!result.ok) return gpu().setLoadError(result.error)
    gpu().setGpuState(result.value)
    if (result.value.kind === 'ok') return startMonitor()
    if (gpu().monitor !== null || starting) {
      await starting
      const stopped = await transport.invoke(INVOKE_CHANNELS.stopMonitor)
      gpu().setMonitor(stopped.ok ? stopped.value : { kind: 'stopped' })
    }
  }

  async function loadHost(): Promise<void> {
    const result = await transport.invoke(INVOKE_CHANNELS.getHostFacts)
    if (result.ok) stores.host.getState().setFacts(result.value)
    else stores.host.getState().setError(result.error)
  }

  return {
    async start() {
      unsubscribes.push(
        transport.on(EVENT_CHANNELS.monitorSample, (sample) => samples.push(sample)),
        transport.on(EVENT_CHANNELS.monitorState, (state) => {
          stateEvents++
          gpu().setMonitor(state)
        }),
      )
      if (transport.onConnectionChange) {
        unsubscribes.push(
          transport.onConnectionChange((status) => {
            stores.connection.getState().setStatus(status)
            if (status === 'open') void startMonitor()
          }),
        )
      }
      const first = startMonitor()
      await Promise.all([loadGpu(), loadHost(), first])
    },
    refresh: loadGpu,
    dispose() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
      samples.dispose()
    },
  }
}

/** What the live view's components may ask for. */
export type LiveActions = Pick<LiveController, 'refresh'>
