import '../../components/pages.css'
import './report.css'

import { useEffect } from 'react'

import { useReportActions } from './report-context'
import { ExportPanel } from './ExportPanel'
import { FleetPanel } from './FleetPanel'
import { HistoryPanel } from './HistoryPanel'

/** Export a report, read and compare past diagnoses, merge the reports of a fleet. */
export function ReportPage() {
  const actions = useReportActions()
  // Every visit: a diagnosis may have finished (and been saved) since the last one.
  useEffect(() => {
    void actions.loadHistory()
  }, [actions])
  return (
    <div className="report-page">
      <ExportPanel />
      <HistoryPanel />
      <FleetPanel />
    </div>
  )
}
