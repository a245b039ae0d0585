import { createFeatureContext } from '../../stores/feature-context'
import type { DiagnosisActions } from './diagnosis-controller'
import type { DiagnosisStore, DiagnosisStoreState } from './diagnosis-store'

const diagnosis = createFeatureContext<{ diagnosis: DiagnosisStore }, DiagnosisActions>('Diagnosis')

export const DiagnosisProvider = diagnosis.Provider
export const useDiagnosis = <T,>(selector: (s: DiagnosisStoreState) => T): T => diagnosis.useSlice('diagnosis', selector)
export const useDiagnosisActions = diagnosis.useActions
