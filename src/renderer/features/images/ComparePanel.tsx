import { useTranslation } from 'react-i18next'

import type { CompareResult } from '../../../shared/docker'
import { useImages, useImagesActions } from './images-context'
import { DASH, formatNumber } from '../../components/number-format'
import { HOST } from './images-store'
import { clock, useNow } from '../../components/elapsed'
import { failureText } from '../../components/error-text'

/** Ratio b / a of a timing: above 1 B is slower. */
function ratioTone(ratio: number | null): string {
  if (ratio === null) return ''
  if (ratio > 1.05) return 'tone-bad'
  if (ratio < 0.95) return 'tone-good'
  return ''
}

function SideBySide({ result }: { result: CompareResult }) {
  const { t, i18n } = useTranslation()
  const fmt = (ms: number | null) => (ms === null ? DASH : `${formatNumber(ms, i18n.language, 2)} ms`)
  const side = (s: CompareResult['a']) => (s.target === HOST ? t('img.compare.host') : s.target)
  const rows: Array<[string, (s: CompareResult['a']) => string]> = [
    [t('img.compare.status'), (s) => (s.ok ? t('img.compare.ran') : (s.reason ?? t('img.compare.failed')))],
    ['Python', (s) => s.python ?? DASH],
    ['PyTorch', (s) => s.torch ?? DASH],
    [t('ev1.torchCuda'), (s) => s.torchCuda ?? DASH],
    ['cuDNN', (s) => s.cudnn ?? DASH],
    [t('img.compare.cudaAvailable'), (s) => (s.cudaAvailable ? t('value.yes') : t('value.no'))],
    ['GPU', (s) => s.gpu ?? DASH],
  ]
  const failed = [result.a, result.b].filter((s) => !s.ok)
  const anyTiming = result.timings.some((m) => m.aMs !== null || m.bMs !== null)
  return (
    <div className="compare-result" data-testid="compare-result">
      {failed.map((s) => (
        <p key={s.target} className="banner banner--error" data-testid="compare-side-failed">
          {t('img.compare.sideFailed', { side: s === result.a ? 'A' : 'B', target: side(s), reason: s.reason ?? t('img.compare.failed') })}
        </p>
      ))}
      <table className="grid-table compare-table">
        <thead>
          <tr>
            <th><span className="visually-hidden">{t('table.item')}</span></th>
            <th data-testid="compare-a">A · {side(result.a)}</th>
            <th data-testid="compare-b">B · {side(result.b)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, read]) => {
            const a = read(result.a)
            const b = read(result.b)
            return (
              <tr key={label} className={a !== b ? 'row--differs' : ''} data-differs={a !== b}>
                <th>{label}</th>
                <td>{a}</td>
                <td>{b}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {anyTiming && (
        <table className="grid-table compare-table" data-testid="compare-timings">
          <thead>
            <tr>
              <th>{t('img.compare.timing')}</th>
              <th className="num">A</th>
              <th className="num">B</th>
              <th className="num">{t('img.compare.ratio')}</th>
            </tr>
          </thead>
          <tbody>
            {result.timings.map((m) => (
              <tr key={m.name} data-testid="compare-timing">
                <th>
                  <code>{m.name}</code>
                </th>
                <td className="num">{fmt(m.aMs)}</td>
                <td className="num">{fmt(m.bMs)}</td>
                <td className={`num ${ratioTone(m.ratio)}`} data-testid="compare-ratio">
                  {m.ratio === null ? DASH : `${formatNumber(m.ratio, i18n.language, 2)}×`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">{t('img.compare.ratioMeans')}</p>
      {result.noteMessages.length > 0 && (
        <ul className="compare-notes" data-testid="compare-notes">
          {result.noteMessages.map((n, i) => (
            <li key={i}>{t(n.key, { ns: 'docker', ...n.params })}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Which side runs now, and for how long the comparison has run. */
function CompareRunning() {
  const { t } = useTranslation()
  const compare = useImages((s) => s.compare)
  const now = useNow()
  const target = compare.runningSide ? (compare.runningSide.target === HOST ? t('img.compare.host') : compare.runningSide.target) : null
  return (
    <p className="muted compare__status" data-testid="compare-running" data-side={compare.runningSide?.side ?? ''} role="status">
      <span className="spinner" aria-hidden="true" />{' '}
      {target ? t('img.compare.runningSide', { side: compare.runningSide!.side.toUpperCase(), target }) : t('img.compare.running')}{' '}
      <span className="compare__time">{clock(now - (compare.startedAt ?? now))}</span>
    </p>
  )
}

/** docker:compare: two images, or an image and the host, side by side with their Conv2d timings. */
export function ComparePanel() {
  const { t } = useTranslation()
  const actions = useImagesActions()
  const compare = useImages((s) => s.compare)
  const setSide = useImages((s) => s.setCompareSide)
  const images = useImages((s) => s.images.value)
  const refs = [HOST, ...(images ?? []).flatMap((img) => (img.tags.length ? img.tags : [img.id]))]
  const picker = (side: 'a' | 'b') => (
    <label className="field">
      <span className="field__label">{side.toUpperCase()}</span>
      <select value={compare[side]} onChange={(e) => setSide(side, e.target.value)} data-testid={`compare-pick-${side}`}>
        <option value="">{t('img.compare.choose')}</option>
        {refs.map((r) => (
          <option key={r} value={r}>
            {r === HOST ? t('img.compare.host') : r}
          </option>
        ))}
      </select>
    </label>
  )
  const canRun = !compare.running && compare.a !== '' && compare.b !== '' && compare.a !== compare.b
  return (
    <div className="compare" id="compare" data-testid="compare" aria-busy={compare.running}>
      <h3>{t('img.compare.title')}</h3>
      <p className="muted section-intro">{t('img.compare.intro')}</p>
      <div className="compare__pickers">
        {picker('a')}
        {picker('b')}
        <button type="button" className="button button--primary" disabled={!canRun} onClick={() => void actions.compare()} data-testid="compare-run">
          {t('img.compare.run')}
        </button>
        {compare.running && (
          <button type="button" className="button button--danger" disabled={compare.cancelling} onClick={() => void actions.cancelCompare()} data-testid="compare-cancel">
            {compare.cancelling ? t('diag.cancelling') : t('diag.cancel')}
          </button>
        )}
      </div>
      {compare.running && <CompareRunning />}
      {compare.error?.code === 'cancelled' ? (
        <p className="banner banner--info" data-testid="compare-cancelled" role="status">
          {t('img.compare.cancelled')}
        </p>
      ) : (
        compare.error && (
          <p className="banner banner--error" data-testid="compare-error">
            {failureText(t, 'img.error', compare.error)}
          </p>
        )
      )}
      {compare.result && <SideBySide result={compare.result} />}
    </div>
  )
}
