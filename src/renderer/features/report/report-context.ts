import { createFeatureContext } from '../../stores/feature-context'
import type { ReportActions } from './report-controller'
import type { ReportStore, ReportStoreState } from './report-store'

const report = createFeatureContext<{ report: ReportStore }, ReportActions>('Report')

export const ReportProvider = report.Provider
export const useReport = <T,>(selector: (s: ReportStoreState) => T): T => report.useSlice('report', selector)
export const useReportActions = report.useActions
