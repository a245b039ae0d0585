import { createStore } from 'zustand/vanilla'

import type { ConnectionStatus } from '../transport'

export interface ConnectionStoreState {
  status: ConnectionStatus
  setStatus(status: ConnectionStatus): void
}

/** Electron's preload never drops, so the default is 'open'; the browser client reports changes. */
export function createConnectionStore() {
  return createStore<ConnectionStoreState>()((set) => ({
    status: 'open',
    setStatus: (status) => set({ status }),
  }))
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>
