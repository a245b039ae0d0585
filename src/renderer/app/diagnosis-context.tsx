import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'

import type { DiagnosisStore, DiagnosisStoreState } from '../stores/diagnosis-store'
import type { DiagnosisActions } from './diagnosis-controller'

interface DiagnosisContextValue {
  store: DiagnosisStore
  actions: DiagnosisActions
}

const DiagnosisContext = createContext<DiagnosisContextValue | null>(null)

export function DiagnosisProvider({ store, actions, children }: DiagnosisContextValue & { children: ReactNode }) {
  return <DiagnosisContext.Provider value={{ store, actions }}>{children}</DiagnosisContext.Provider>
}

function useDiagnosisContext(): DiagnosisContextValue {
  const value = useContext(DiagnosisContext)
  if (!value) throw new Error('DiagnosisProvider is missing')
  return value
}

// Narrow selectors only: each should return a primitive or an object the store already holds.
export const useDiagnosis = <T,>(selector: (s: DiagnosisStoreState) => T): T => useStore(useDiagnosisContext().store, selector)
export const useDiagnosisActions = (): DiagnosisActions => useDiagnosisContext().actions
