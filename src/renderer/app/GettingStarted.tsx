import { useDiagnosis } from '../features/diagnosis/diagnosis-context'
import { firstRunNeeded } from './first-run'
import { FirstRunPanel, FirstRunSummary, useFirstRunChecks } from './FirstRunPanel'
import { RunDiagnosisCallout } from './RunDiagnosisCallout'

/**
 * The top of the live page: the first-run panel in full while the driver or a Python is missing;
 * otherwise its one line, inside the call to run the diagnosis while there is one (no diagnosis
 * yet), so that eight GPUs still fit a 1280×800 window. The line is there from the first paint.
 */
export function GettingStarted() {
  const { checks, checkAgain } = useFirstRunChecks()
  const hasResults = useDiagnosis((s) => s.finishedAt !== null || s.run !== null)
  if (firstRunNeeded(checks)) {
    return (
      <>
        <FirstRunPanel checks={checks} checkAgain={checkAgain} />
        {!hasResults && <RunDiagnosisCallout />}
      </>
    )
  }
  const line = <FirstRunSummary checks={checks} checkAgain={checkAgain} inline={!hasResults} />
  return hasResults ? line : <RunDiagnosisCallout status={line} />
}
