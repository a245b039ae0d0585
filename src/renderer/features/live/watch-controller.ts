import { WATCH_DEFAULT_SECONDS } from '../../../shared/constants'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../shared/channels'
import type { GpuProcessRow } from '../../../shared/watch'
import type { RendererTransport } from '../../transport'
import type { WatchStore } from './watch-store'

export interface WatchActions {
  /** Reads the GPU process table again; a request while one is under way joins it. */
  loadProcesses(): Promise<void>
  /** Watches the job of a table row; its progress and verdict land in the store. */
  watch(row: GpuProcessRow, seconds?: number): Promise<void>
  /** Stops the watch under way (it ends as 'cancelled'). */
  cancel(): Promise<void>
  /** Closes the dialog, cancelling a watch still running. */
  close(): void
}

export interface WatchController extends WatchActions {
  start(): void
  dispose(): void
}

export function createWatchController(transport: RendererTransport, store: WatchStore): WatchController {
  const state = () => store.getState()
  let loading: Promise<void> | null = null
  let unsubscribe: (() => void) | null = null

  const cancel = async () => {
    await transport.invoke(INVOKE_CHANNELS.cancelWatch)
  }

  return {
    start() {
      unsubscribe = transport.on(EVENT_CHANNELS.watchProgress, (p) => state().setProgress(p))
    },
    dispose() {
      unsubscribe?.()
    },
    loadProcesses() {
      loading ??= (async () => {
        state().setLoadingProcesses(true)
        const result = await transport.invoke(INVOKE_CHANNELS.listGpuProcesses)
        if (result.ok) state().setProcesses(result.value)
        else state().setProcessesError(result.error)
      })().finally(() => (loading = null))
      return loading
    },
    async watch(row, seconds = WATCH_DEFAULT_SECONDS) {
      state().startRun(row, seconds)
      const result = await transport.invoke(INVOKE_CHANNELS.runWatch, { pid: row.pid, seconds })
      if (state().run?.row.pid !== row.pid) return // closed meanwhile
      state().finishRun(result.ok ? { result: result.value } : { error: result.error })
    },
    cancel,
    close() {
      const run = state().run
      if (run && !run.result && !run.error) void cancel()
      state().closeRun()
    },
  }
}
