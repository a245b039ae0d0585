import { useDiagnosis } from '../features/diagnosis/diagnosis-context'
import { useConnection } from '../stores/app-context'
import { firstRunNeeded } from './first-run'
import { FirstRunPanel, FirstRunSummary, useFirstRunChecks } from './FirstRunPanel'
import { RunDiagnosisCallout } from './RunDiagnosisCallout'

/**
 * The top of the live page: the first-run panel in full while the driver or a Python is missing
 * (then "Check again" is the main action: no diagnosis can run); otherwise its one line, inside the
 * call to run the diagnosis while there is one (no diagnosis yet), so that eight GPUs still fit a
 * 1280×800 window. Without a server, the line says so and nothing offers to run. The line is there
 * from the first paint.
 */
export function GettingStarted() {
  const { checks, checkAgain } = useFirstRunChecks()
  const hasResults = useDiagnosis((s) => s.finishedAt !== null || s.run !== null)
  const offline = useConnection((s) => s.status !== 'open' && s.status !== 'connecting')
  if (firstRunNeeded(checks)) return <FirstRunPanel checks={checks} checkAgain={checkAgain} />
  const unanswered = offline || checks.some((c) => !c.optional && c.state === 'unknown')
  const line = <FirstRunSummary checks={checks} checkAgain={checkAgain} inline={!hasResults && !unanswered} offline={unanswered} />
  return hasResults || unanswered ? line : <RunDiagnosisCallout status={line} />
}
