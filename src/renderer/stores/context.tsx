import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'

import type { ConnectionStore, ConnectionStoreState } from './connection-store'
import type { GpuStore, GpuStoreState } from './gpu-store'
import type { HostStore, HostStoreState } from './host-store'
import type { SettingsStore, SettingsStoreState } from './settings-store'

export interface AppStores {
  gpu: GpuStore
  host: HostStore
  settings: SettingsStore
  connection: ConnectionStore
}

const StoresContext = createContext<AppStores | null>(null)

export function StoresProvider({ stores, children }: { stores: AppStores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>
}

function useStores(): AppStores {
  const stores = useContext(StoresContext)
  if (!stores) throw new Error('StoresProvider is missing')
  return stores
}

// Narrow selectors only: each should return a primitive or an object the store already holds.
export const useGpu = <T,>(selector: (s: GpuStoreState) => T): T => useStore(useStores().gpu, selector)
export const useHost = <T,>(selector: (s: HostStoreState) => T): T => useStore(useStores().host, selector)
export const useSettings = <T,>(selector: (s: SettingsStoreState) => T): T => useStore(useStores().settings, selector)
export const useConnection = <T,>(selector: (s: ConnectionStoreState) => T): T =>
  useStore(useStores().connection, selector)
