import { useTranslation } from 'react-i18next'

import type { Recommendation } from '../../../shared/recommend'
import { CopyLine } from '../../components/CopyLine'
import { DASH } from '../../components/number-format'
import { CompatBadge, ConfidenceMark } from './Badges'
import { GpuSetupSteps } from './GpuSetupSteps'
import { useImages } from './images-context'
import { PullControls } from './PullControls'
import { reasonTexts } from './reason-text'
import { splitMark } from './what-if'

/** One image rated against the machine: versions, badge, reasons, the two commands, and a Pull button. */
export function RecommendationCard({ rec, primary, canPull, present }: { rec: Recommendation; primary: boolean; canPull: boolean; present: boolean }) {
  const { t } = useTranslation()
  // When the engine cannot start GPU containers, `docker run --gpus all` is not the next step: the toolkit is.
  const gpuSetup = useImages((s) => (s.engine?.kind === 'up' ? s.engine.info.gpuSetup : null))
  return (
    <article className={`rec${primary ? ' rec--pick' : ''}`} data-testid={primary ? 'rec-pick' : 'rec-alt'} data-image={rec.image} data-compat={rec.compatibility}>
      <header className="rec__head">
        <span className="rec__rank">{primary ? t('img.pick') : t('img.alternative')}</span>
        <code className="rec__image" data-testid="rec-image">
          {rec.image}
        </code>
        <span className="rec__chips">
          <CompatBadge compat={rec.compatibility} />
          <span className="chip chip--plain" data-testid="rec-variant">
            {t(`img.variant.${rec.variant}`)}
          </span>
          <span className="rec__confidence" title={t(`img.mark.${rec.confidence}.means`)}>
            {t('img.confidence')} <ConfidenceMark mark={rec.confidence} />
          </span>
          {present && (
            <span className="chip chip--good" data-testid="rec-present">
              {t('img.present')}
            </span>
          )}
        </span>
      </header>
      <dl className="rec__versions">
        <div>
          <dt>PyTorch</dt>
          <dd data-testid="rec-torch">{rec.pytorch ?? DASH}</dd>
        </div>
        <div>
          <dt>CUDA</dt>
          <dd data-testid="rec-cuda">{rec.cuda}</dd>
        </div>
        <div>
          <dt>cuDNN</dt>
          <dd data-testid="rec-cudnn">{rec.cudnn ?? DASH}</dd>
        </div>
      </dl>
      <ul className="rec__reasons" data-testid="rec-reasons">
        {reasonTexts(t, rec.reasons, rec.reasonCodes).map((r, i) => {
          const { mark, text } = splitMark(r)
          return (
            <li key={i}>
              {mark && <ConfidenceMark mark={mark} />} {text}
            </li>
          )
        })}
      </ul>
      {gpuSetup && primary && (
        <div className="banner banner--warn rec__gpu-first" data-testid="rec-gpu-first">
          <strong>{t('img.gpuSetup.first')}</strong>
          <GpuSetupSteps setup={gpuSetup} testId="rec-gpu-setup" />
        </div>
      )}
      <div className="rec__commands">
        <CopyLine label={t('img.pullLine')} text={rec.pull} testId="copy-pull" />
        <CopyLine label={gpuSetup ? t('img.runLineAfter') : t('img.runLine')} text={rec.run} testId="copy-run" />
      </div>
      {canPull && <PullControls image={rec.image} explain={primary} />}
    </article>
  )
}
