import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'

import type { ImagesStore, ImagesStoreState } from '../stores/images-store'
import type { ImagesActions } from './images-controller'

interface ImagesContextValue {
  store: ImagesStore
  actions: ImagesActions
}

const ImagesContext = createContext<ImagesContextValue | null>(null)

export function ImagesProvider({ store, actions, children }: ImagesContextValue & { children: ReactNode }) {
  return <ImagesContext.Provider value={{ store, actions }}>{children}</ImagesContext.Provider>
}

function useImagesContext(): ImagesContextValue {
  const value = useContext(ImagesContext)
  if (!value) throw new Error('ImagesProvider is missing')
  return value
}

// Narrow selectors only: each should return a primitive or an object the store already holds.
export const useImages = <T,>(selector: (s: ImagesStoreState) => T): T => useStore(useImagesContext().store, selector)
export const useImagesActions = (): ImagesActions => useImagesContext().actions
