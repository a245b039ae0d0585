import { useTranslation } from 'react-i18next'

import type { RunOption } from '../../shared/run-options'

/** The options a run was made with ("Option: cuDNN switched off"), beside its verdict: they are part of the run. */
export function RunOptionChips({ options, testId }: { options: readonly RunOption[]; testId: string }) {
  const { t } = useTranslation()
  if (options.length === 0) return null
  return (
    <span className="run-options" data-testid={testId} data-options={options.join(' ')}>
      {options.map((o) => (
        <span key={o} className="chip chip--warn">
          {t(`diag.runOption.${o}`)}
        </span>
      ))}
    </span>
  )
}
