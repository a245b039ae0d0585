import { createStore } from 'zustand/vanilla'

import type { IpcError } from '../../../shared/contract'
import type { HostFacts } from '../../../shared/host'

export interface HostStoreState {
  facts: HostFacts | null
  error: IpcError | null
  setFacts(facts: HostFacts): void
  setError(error: IpcError): void
}

export function createHostStore() {
  return createStore<HostStoreState>()((set) => ({
    facts: null,
    error: null,
    setFacts: (facts) => set({ facts, error: null }),
    setError: (error) => set({ error }),
  }))
}

export type HostStore = ReturnType<typeof createHostStore>
