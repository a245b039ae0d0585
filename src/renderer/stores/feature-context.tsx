import { createContext, useContext, type ReactNode } from 'react'
import { useStore, type StoreApi } from 'zustand'
import type { ExtractState } from 'zustand/vanilla'

/** Named stores, each with its own state type. */
type Stores<S> = { [K in keyof S]: StoreApi<ExtractState<S[K]>> }

/**
 * The one way a part of the UI hands its zustand stores and actions to its components: a Provider,
 * a hook that selects from one of the stores, and a hook for the actions.
 */
export function createFeatureContext<S extends Stores<S>, Actions>(name: string) {
  interface Value {
    stores: S
    actions: Actions
  }
  const Context = createContext<Value | null>(null)
  Context.displayName = name

  function Provider({ stores, actions, children }: Value & { children: ReactNode }) {
    return <Context.Provider value={{ stores, actions }}>{children}</Context.Provider>
  }

  function useValue(): Value {
    const value = useContext(Context)
    if (!value) throw new Error(`${name}Provider is missing`)
    return value
  }

  /** Narrow selectors only: each should return a primitive or an object the store already holds. */
  function useSlice<K extends keyof S, T>(key: K, selector: (state: ExtractState<S[K]>) => T): T {
    return useStore(useValue().stores[key], selector)
  }

  return { Provider, useSlice, useActions: (): Actions => useValue().actions }
}
