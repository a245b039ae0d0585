import type { ConnectionStore, ConnectionStoreState } from './connection-store'
import { createFeatureContext } from './feature-context'
import type { SettingsStore, SettingsStoreState } from './settings-store'

/** What every part of the UI may read: the language setting and the connection to the core. */
export interface AppStores {
  settings: SettingsStore
  connection: ConnectionStore
}

const app = createFeatureContext<AppStores, Record<string, never>>('App')

export const AppProvider = app.Provider
export const useSettings = <T,>(selector: (s: SettingsStoreState) => T): T => app.useSlice('settings', selector)
export const useConnection = <T,>(selector: (s: ConnectionStoreState) => T): T => app.useSlice('connection', selector)
