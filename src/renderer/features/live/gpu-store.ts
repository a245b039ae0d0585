import { createStore } from 'zustand/vanilla'

import type { IpcError } from '../../../shared/contract'
import type { GpuSample, GpuState, MonitorSample, MonitorState } from '../../../shared/gpu'
import { GpuHistories, HISTORY_LENGTH, type GpuHistory, type HistoryWindow } from './gpu-history'

export interface GpuStoreState {
  /** null until gpu:get-state answers. */
  gpuState: GpuState | null
  /** The invoke itself failed (server unreachable, contract error). */
  loadError: IpcError | null
  monitor: MonitorState | null
  /** monitor:start itself was refused (not a monitor failure, which is a MonitorState). */
  monitorError: IpcError | null
  latest: Record<number, GpuSample>
  history: Record<number, GpuHistory>
  sampleCount: number
  /** How many minutes the charts show. */
  windowMinutes: HistoryWindow
  setWindowMinutes(minutes: HistoryWindow): void
  setGpuState(state: GpuState): void
  setLoadError(error: IpcError | null): void
  setMonitor(state: MonitorState): void
  setMonitorError(error: IpcError | null): void
  addSamples(samples: MonitorSample[]): void
}

export function createGpuStore(capacity = HISTORY_LENGTH) {
  const histories = new GpuHistories(capacity)
  return createStore<GpuStoreState>()((set) => ({
    gpuState: null,
    loadError: null,
    monitor: null,
    monitorError: null,
    latest: {},
    history: {},
    sampleCount: 0,
    windowMinutes: 10,
    setWindowMinutes: (windowMinutes) => set({ windowMinutes }),
    setGpuState: (gpuState) => set({ gpuState, loadError: null }),
    setLoadError: (loadError) => set({ loadError }),
    setMonitor: (monitor) => set({ monitor, monitorError: null }),
    setMonitorError: (monitorError) => set({ monitorError }),
    addSamples: (samples) => {
      if (samples.length === 0) return
      const touched = new Set<number>()
      const latestNow: Record<number, GpuSample> = {}
      for (const sample of samples) {
        for (const index of histories.add(sample)) touched.add(index)
        for (const gpu of sample.gpus) latestNow[gpu.index] = gpu
      }
      // One set per batch; only the touched GPUs get new objects, so other panels keep theirs.
      set((state) => {
        const history = { ...state.history }
        for (const index of touched) history[index] = histories.snapshot(index)
        return { history, latest: { ...state.latest, ...latestNow }, sampleCount: state.sampleCount + samples.length }
      })
    },
  }))
}

export type GpuStore = ReturnType<typeof createGpuStore>
