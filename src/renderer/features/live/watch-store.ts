import { createStore } from 'zustand/vanilla'

import type { IpcError } from '../../../shared/contract'
import type { GpuProcessRow, WatchProgress, WatchResult } from '../../../shared/watch'

/** The watch the dialog shows: the row it was started from, then progress, then a result or an error. */
export interface WatchRun {
  row: GpuProcessRow
  seconds: number
  progress: WatchProgress | null
  result: WatchResult | null
  error: IpcError | null
}

export interface WatchStoreState {
  /** null until gpu:processes answers. */
  processes: GpuProcessRow[] | null
  processesError: IpcError | null
  loadingProcesses: boolean
  run: WatchRun | null
  setProcesses(rows: GpuProcessRow[]): void
  setProcessesError(error: IpcError): void
  setLoadingProcesses(loading: boolean): void
  startRun(row: GpuProcessRow, seconds: number): void
  setProgress(progress: WatchProgress): void
  finishRun(outcome: { result: WatchResult } | { error: IpcError }): void
  closeRun(): void
}

export function createWatchStore() {
  return createStore<WatchStoreState>()((set) => ({
    processes: null,
    processesError: null,
    loadingProcesses: false,
    run: null,
    setProcesses: (processes) => set({ processes, processesError: null, loadingProcesses: false }),
    setProcessesError: (processesError) => set({ processesError, loadingProcesses: false }),
    setLoadingProcesses: (loadingProcesses) => set({ loadingProcesses }),
    startRun: (row, seconds) => set({ run: { row, seconds, progress: null, result: null, error: null } }),
    setProgress: (progress) => set((s) => (s.run && s.run.row.pid === progress.pid && !s.run.result ? { run: { ...s.run, progress } } : {})),
    finishRun: (outcome) => set((s) => (s.run ? { run: { ...s.run, ...outcome } } : {})),
    closeRun: () => set({ run: null }),
  }))
}

export type WatchStore = ReturnType<typeof createWatchStore>
