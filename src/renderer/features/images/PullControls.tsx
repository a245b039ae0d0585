import { useTranslation } from 'react-i18next'

import { formatNumber } from '../../components/number-format'
import { useImages, useImagesActions } from './images-context'
import { pullActive, type PullState } from './images-store'
import { DockerProblemView } from './DockerProblemView'
import { barPercent, formatSize } from '../../components/size-and-age-format'
import { ProgressBar } from './ProgressBar'

function Layers({ pull }: { pull: PullState }) {
  const { t, i18n } = useTranslation()
  const layers = pull.progress?.layers ?? []
  if (layers.length === 0) return null
  return (
    <div className="pull__layers">
      <p className="label">{t('img.pull.layers', { done: pull.progress!.layersDone, total: layers.length })}</p>
      <ul className="layer-list" data-testid="pull-layers">
        {layers.map((l) => (
          <li key={l.id} className={`layer${l.done ? ' layer--done' : ''}`} data-testid="pull-layer" data-layer={l.id}>
            <code className="layer__id">{l.id.slice(0, 12)}</code>
            <ProgressBar percent={l.done ? 100 : barPercent(l.current, l.total)} indeterminate={!l.done && !l.total} label={t('img.pull.layer', { id: l.id })} />
            <span className="layer__status">
              {l.done ? t('img.pull.layerDone') : l.total ? `${formatSize(l.current, i18n.language)} / ${formatSize(l.total, i18n.language)}` : l.status}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Progress({ pull }: { pull: PullState }) {
  const { t, i18n } = useTranslation()
  const p = pull.progress
  const percent = p?.percent ?? (p ? barPercent(p.bytesDone, p.bytesTotal) : 0)
  return (
    <div className="pull__progress" data-testid="pull-progress" data-percent={p?.percent ?? ''}>
      <div className="pull__total">
        <ProgressBar percent={percent} indeterminate={!p || p.percent === null} label={t('img.pull.total')} testId="pull-total-bar" />
        <span className="pull__numbers" data-testid="pull-total">
          {p
            ? t('img.pull.bytes', {
                done: formatSize(p.bytesDone, i18n.language),
                total: formatSize(p.bytesTotal, i18n.language),
                percent: p.percent === null ? '…' : formatNumber(p.percent, i18n.language, 0),
              })
            : t('img.pull.starting')}
        </span>
      </div>
      {p?.status && <p className="muted pull__status">{p.status}</p>}
      <Layers pull={pull} />
    </div>
  )
}

/** Pull this image: a button, then per-layer and total progress with Cancel, then the outcome. */
export function PullControls({ image, explain }: { image: string; explain: boolean }) {
  const { t } = useTranslation()
  const actions = useImagesActions()
  const pull = useImages((s) => s.pulls[image])
  const engineUp = useImages((s) => s.engine?.kind === 'up')
  const active = pullActive(pull)
  return (
    <div className="pull" data-testid="pull" data-phase={pull?.phase ?? 'idle'}>
      <div className="pull__buttons">
        {!active && (
          <button
            type="button"
            className="button"
            disabled={!engineUp}
            title={engineUp ? undefined : t('img.pull.needsEngine')}
            onClick={() => void actions.pull(image)}
            data-testid="pull-button"
          >
            {pull ? t('img.pull.again') : t('img.pull.button')}
          </button>
        )}
        {active && (
          <button type="button" className="button button--danger" disabled={pull!.phase === 'cancelling'} onClick={() => void actions.cancelPull(image)} data-testid="pull-cancel">
            {pull!.phase === 'cancelling' ? t('img.pull.cancelling') : t('img.pull.cancel')}
          </button>
        )}
        {explain && !engineUp && !active && <span className="muted">{t('img.pull.needsEngine')}</span>}
      </div>
      {active && <Progress pull={pull!} />}
      {pull?.phase === 'done' && (
        <p className="tone-good" data-testid="pull-done">
          {t('img.pull.done')}
          {pull.digest && <code className="pull__digest"> {pull.digest}</code>}
        </p>
      )}
      {pull?.phase === 'cancelled' && (
        <p className="muted" data-testid="pull-cancelled">
          {t('img.pull.cancelled')}
        </p>
      )}
      {pull?.phase === 'failed' && (
        <div className="pull__failed" data-testid="pull-failed">
          <p className="tone-bad">{t('img.pull.failed')}</p>
          {pull.problem && <DockerProblemView problem={pull.problem} testId="pull-problem" />}
          {pull.error && <p data-testid="pull-error">{pull.error.message}</p>}
        </div>
      )}
    </div>
  )
}
