import { useTranslation } from 'react-i18next'

import type { Mark } from '../../../shared/compat-data'
import type { DriverFit } from '../../../shared/docker'
import type { Compatibility } from '../../../shared/recommend'

const COMPAT_TONE: Record<Compatibility, string> = { native: 'good', 'ptx-jit': 'warn', 'minor-version': 'warn', incompatible: 'bad' }

/** native / ptx-jit / minor-version / incompatible, coloured, with what it means on hover. */
export function CompatBadge({ compat }: { compat: Compatibility }) {
  const { t } = useTranslation()
  return (
    <span className={`chip chip--${COMPAT_TONE[compat]}`} title={t(`img.compat.${compat}.means`)} data-testid="compat" data-compat={compat}>
      {t(`img.compat.${compat}`)}
    </span>
  )
}

/** [P] / [S] / [U]: how well the facts behind a verdict are sourced. */
export function ConfidenceMark({ mark }: { mark: Mark }) {
  const { t } = useTranslation()
  return (
    <span className={`mark mark--${mark}`} title={t(`img.mark.${mark}.means`)} data-testid="mark" data-mark={mark}>
      [{mark}]
    </span>
  )
}

const FIT_TONE: Record<DriverFit['verdict'], string> = { ok: 'good', 'too-old': 'bad', 'brand-dependent': 'warn', 'no-requirement': 'plain', 'cpu-only': 'bad', unknown: 'plain' }

/** Whether this machine's driver runs a local image, judged from its NVIDIA_REQUIRE_CUDA. */
export function DriverFitBadge({ fit }: { fit: DriverFit }) {
  const { t } = useTranslation()
  return (
    <span className={`chip chip--${FIT_TONE[fit.verdict]}`} title={fit.reason} data-testid="driver-fit" data-verdict={fit.verdict}>
      {t(`img.fit.${fit.verdict}`)}
    </span>
  )
}
