import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'

import type { ReportStore, ReportStoreState } from '../stores/report-store'
import type { ReportActions } from './report-controller'

interface ReportContextValue {
  store: ReportStore
  actions: ReportActions
}

const ReportContext = createContext<ReportContextValue | null>(null)

export function ReportProvider({ store, actions, children }: ReportContextValue & { children: ReactNode }) {
  return <ReportContext.Provider value={{ store, actions }}>{children}</ReportContext.Provider>
}

function useReportContext(): ReportContextValue {
  const value = useContext(ReportContext)
  if (!value) throw new Error('ReportProvider is missing')
  return value
}

// Narrow selectors only: each should return a primitive or an object the store already holds.
export const useReport = <T,>(selector: (s: ReportStoreState) => T): T => useStore(useReportContext().store, selector)
export const useReportActions = (): ReportActions => useReportContext().actions
