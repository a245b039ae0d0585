import { DiagnosePage } from '../features/diagnosis/DiagnosePage'
import { DiagnosisExport } from './DiagnosisExport'

/** The Diagnose page with the app's export buttons: its own chunk, loaded when the page is first opened. */
export function DiagnoseView() {
  return <DiagnosePage exportSlot={<DiagnosisExport />} />
}
