import { useTranslation } from 'react-i18next'

import type { EngineInfo } from '../../../shared/docker'
import { CopyLine } from '../../components/CopyLine'

/** The NVIDIA Container Toolkit install for this OS, one copyable command a line. */
export function GpuSetupSteps({ setup, testId }: { setup: NonNullable<EngineInfo['gpuSetup']>; testId: string }) {
  const { t } = useTranslation()
  return (
    <div className="gpu-setup" data-testid={testId}>
      <p className="gpu-setup__title">{t('img.gpuSetup.title', { os: setup.os })}</p>
      {setup.commands.map((command, i) =>
        /\s/.test(command) && !/[.:]$/.test(command) ? (
          <CopyLine key={command} label={`${i + 1}.`} text={command} testId={`${testId}-command`} />
        ) : (
          <p key={command}>{command}</p>
        ),
      )}
    </div>
  )
}
