import { useTranslation } from 'react-i18next'

import { formatNumber, withUnit } from '../number-format'
import { GOOD_RATIO, MIN_WORKING_RATIO } from '../../../shared/constants'
import type { ConvCase, ConvEvidence } from '../../../shared/evidence'
import { convMethodOf } from '../../../shared/evidence-derive'
import { coreOr } from '../core-or'

export function ratioTone(ratio: number | null): 'good' | 'warn' | 'bad' | undefined {
  if (ratio === null) return undefined
  return ratio >= GOOD_RATIO ? 'good' : ratio >= MIN_WORKING_RATIO ? 'warn' : 'bad'
}

function Bar({ kind, ms, max, lang }: { kind: 'on' | 'off'; ms: number | null; max: number; lang: string }) {
  const { t } = useTranslation()
  const width = ms !== null && max > 0 ? Math.max(1, (ms / max) * 100) : 0
  return (
    <div className={`bar bar--${kind}`} data-testid={`ev-bar-${kind}`} data-ms={ms ?? ''}>
      <span className="bar__label">{t(`ev5.${kind}`)}</span>
      <span className="bar__track">
        <span className="bar__fill" style={{ width: `${width}%` }} />
      </span>
      <span className="bar__value">{t('ev5.ms', { ms: formatNumber(ms, lang, 2) })}</span>
    </div>
  )
}

function CaseRow({ c, lang }: { c: ConvCase; lang: string }) {
  const { t } = useTranslation()
  const max = Math.max(c.onMs ?? 0, c.offMs ?? 0)
  // The verdict is the representative layer's; the seed case (a small FP32 layer) is shown, not judged,
  // so its ratio wears no warning colour and says why it does not count.
  const judged = c.label !== 'seed'
  const tone = judged ? ratioTone(c.ratio) : undefined
  const kind = c.label === 'seed' ? 'FP32' : 'FP16'
  const label = c.label === 'seed' || c.label === 'representative' ? t(`ev5.case.${c.label}`) : c.label
  return (
    <div className="conv-case" data-testid={`ev-conv-${c.label}`}>
      <div className="conv-case__head">
        <strong>{label}</strong>
        {c.shape && <code className="conv-case__shape">{c.shape}</code>}
      </div>
      <div className="conv-case__body">
        <div className="bars">
          <Bar kind="on" ms={c.onMs} max={max} lang={lang} />
          <Bar kind="off" ms={c.offMs} max={max} lang={lang} />
        </div>
        <div className="conv-case__numbers">
          <span className={`conv-ratio${tone ? ` tone-${tone}` : ''}`} data-testid="ev-conv-ratio">
            {c.ratio !== null && c.ratio >= MIN_WORKING_RATIO
              ? t('ev5.ratio', { ratio: formatNumber(c.ratio, lang, 1) })
              : t('ev5.slower', { ratio: formatNumber(c.ratio, lang, 2) })}
          </span>
          <span className="muted" data-testid="ev-conv-expected">
            {judged ? t('ev5.expected') : t('ev5.seedNotJudged')}
          </span>
          <span>{t('ev5.tflops', { on: formatNumber(c.onTflops, lang, 1), off: formatNumber(c.offTflops, lang, 1) })}</span>
          {c.percentOfPeakOn !== null && <span>{t('ev5.ofPeak', { percent: withUnit(c.percentOfPeakOn, '%', lang, 1), kind })}</span>}
        </div>
      </div>
    </div>
  )
}

/** The cases on every GPU side by side; a busy GPU is marked, the model's time beside each. */
function PerGpuTable({ ev, lang }: { ev: ConvEvidence; lang: string }) {
  const { t } = useTranslation()
  const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : t('ev5.ms', { ms: formatNumber(v, lang, 3) }))
  return (
    <table className="grid-table" data-testid="ev-conv-per-gpu">
      <caption>{t('ev5.perGpu')}</caption>
      <thead>
        <tr>
          <th>{t('ev5.col.gpu')}</th>
          <th>{t('ev5.col.repOn')}</th>
          <th>{t('ev5.col.ratio')}</th>
          <th>{t('ev5.col.seedOn')}</th>
          <th>{t('ev5.col.expected')}</th>
        </tr>
      </thead>
      <tbody>
        {(ev.perGpu ?? []).map((g) => {
          const rep = g.cases.find((c) => c.label === 'representative')
          const seed = g.cases.find((c) => c.label === 'seed')
          const want = ev.expected?.find((x) => x.index === g.index && x.what === 'conv representative')
          const slow = want && (want.slowerPercent ?? 0) > (want.thresholdPercent ?? Infinity)
          return (
            <tr key={g.index} data-testid={`ev-conv-gpu-${g.index}`}>
              <th scope="row">
                {t('ev4.gpu', { index: g.index })} {g.contended && <span className="chip tone-warn">{t('ev4.busy')}</span>}
              </th>
              <td className={slow ? 'tone-warn' : undefined}>{g.error ?? ms(rep?.onMs)}</td>
              <td>{rep ? `${formatNumber(rep.ratio, lang, 1)}×` : '—'}</td>
              <td>{ms(seed?.onMs)}</td>
              <td>{ms(want?.expected)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** Step 5: milliseconds per Conv2d with cuDNN on and off, for the seeds' case and a real layer. */
export function ConvView({ ev }: { ev: ConvEvidence }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const known = convMethodOf(ev.method)
  const method = known ? coreOr(lang, ev.method, () => (known.key === 'blocks' ? t('ev5.methodText.blocks', { seconds: known.seconds }) : t('ev5.methodText.fixed'))) : ev.method
  return (
    <div className="evidence evidence--conv">
      <div className="conv-cases" role="group" aria-label={t('ev5.chartLabel')}>
        {(ev.cases ?? []).map((c) => (
          <CaseRow key={c.label} c={c} lang={lang} />
        ))}
      </div>
      {(ev.perGpu?.length ?? 0) > 1 && <PerGpuTable ev={ev} lang={lang} />}
      {ev.peak ? (
        <p className="source" data-testid="ev-conv-peak">
          {t('ev5.peak', { label: ev.peak.label, fp16: formatNumber(ev.peak.fp16TensorDense, lang, 1), fp32: formatNumber(ev.peak.fp32, lang, 1) })}
          {ev.peak.source && (
            <>
              {' — '}
              <span className="source__url">{ev.peak.source}</span>
            </>
          )}
        </p>
      ) : (
        ev.gpu && <p className="source">{t('ev5.noPeak', { gpu: ev.gpu })}</p>
      )}
      {ev.method && (
        <details className="evidence__more">
          <summary>{t('ev5.method')}</summary>
          <p data-testid="ev-conv-method">{method}</p>
        </details>
      )}
    </div>
  )
}
