import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { formatNumber, withUnit } from '../number-format'
import { keepUnitsWithNumbers } from './keep-units'
import type { LiveSample } from './sm-chart'
import type { ExpectedCheck, MemoryGpu, SmEvidence, SmGpu } from '../../../shared/evidence'
import { UNSTEADY_PERCENT } from '../../../shared/constants'
import { liveTimeline, smChartData, SM_THRESHOLD } from './sm-chart'
import { SmChart } from './SmChart'
import { coreOr } from '../core-or'

/** A difference from what the model should reach, with its sign: "+0.1 %" faster, "-54.5 %" slower. */
export function signedPercent(delta: number, lang: string): string {
  return `${delta > 0 ? '+' : ''}${withUnit(delta, '%', lang, 1)}`
}

function GpuStats({ g, lang, expected, memory }: { g: SmGpu; lang: string; expected: ExpectedCheck | undefined; memory?: MemoryGpu | undefined }) {
  const { t } = useTranslation()
  const pct = (v: number | null) => withUnit(v, '%', lang)
  const low = g.loadMean !== null && g.loadMean < SM_THRESHOLD
  return (
    <div className="sm-stats" data-testid={`ev-sm-gpu-${g.index}`}>
      <h4>
        {t('ev4.gpu', { index: g.index })} {g.name && <span className="muted">{g.name}</span>}
        {g.cudaOrdinal !== undefined && g.cudaOrdinal !== g.index && <span className="chip">{t('ev4.cudaOrdinal', { ordinal: g.cudaOrdinal })}</span>}
        {g.contended && (
          <span className="chip tone-warn" data-testid="ev-sm-busy">
            {t('ev4.busy')}
          </span>
        )}
      </h4>
      <div className="stat-row">
        <div className="stat">
          <span className="label">{t('ev4.smLoad')}</span>
          <span className={`stat__value${low ? ' tone-warn' : ''}`} data-testid="ev-sm-load">
            {pct(g.loadMean)}
          </span>
          <span className="stat__sub">
            {keepUnitsWithNumbers(`${t('ev4.smIdle')} ${pct(g.idleMean)} · ${t('ev4.smPeak')} ${pct(g.loadPeak)}`)}
          </span>
        </div>
        <div className="stat">
          <span className="label">{t('ev4.achieved')}</span>
          <span className="stat__value" data-testid="ev-sm-tflops">
            {withUnit(g.tflops, 'TFLOP/s', lang)}
          </span>
          <span className="stat__sub">
            {g.percentOfPeak !== null && (
              <strong data-testid="ev-sm-percent">{t('ev4.ofPeak', { percent: withUnit(g.percentOfPeak, '%', lang) })}</strong>
            )}
            {g.peakTflops !== null && <> · {keepUnitsWithNumbers(t('ev4.peak', { peak: formatNumber(g.peakTflops, lang, 1) }))}</>}
          </span>
          {g.halvesTflops && (
            <span className={`stat__sub${(g.steadinessPercent ?? 0) > UNSTEADY_PERCENT ? ' tone-warn' : ''}`} data-testid="ev-sm-halves">
              {keepUnitsWithNumbers(
                t('ev4.halves', {
                  first: formatNumber(g.halvesTflops[0], lang, 0),
                  second: formatNumber(g.halvesTflops[1], lang, 0),
                  apart: withUnit(g.steadinessPercent ?? null, '%', lang, 1),
                }),
              )}
            </span>
          )}
        </div>
        <div className="stat">
          <span className="label">{t('ev4.power')}</span>
          <span className="stat__value">{withUnit(g.powerMeanW, 'W', lang)}</span>
          <span className="stat__sub">
            {t('ev4.clock')} {withUnit(g.smClockMeanMHz, 'MHz', lang)}
          </span>
        </div>
        <div className="stat">
          <span className="label">{t('ev4.throttles')}</span>
          <span className={`stat__text${g.throttles.length ? ' tone-warn' : ''}`}>{g.throttles.length ? g.throttles.map((x) => t(`ev4.throttle.${x}`, { defaultValue: x })).join(', ') : t('ev4.noThrottle')}</span>
        </div>
      </div>
      {expected && (
        <p className={`source${(expected.slowerPercent ?? 0) > (expected.thresholdPercent ?? Infinity) ? ' tone-warn' : ''}`} data-testid="ev-sm-expected">
          {expected.basis === 'unknown' || expected.expected === null
            ? t('ev4.expectedUnknown')
            : t('ev4.expected', {
                model: expected.model,
                expected: formatNumber(expected.expected, lang, 0),
                basis: t(`ev4.basis.${expected.basis}`),
                delta: signedPercent(-(expected.slowerPercent ?? 0), lang),
              })}
        </p>
      )}
      {memory && (
        <p className="source" data-testid="ev-sm-memory">
          {t('ev4.memory', {
            device: formatNumber(memory.deviceCopyGBps, lang, 0),
            datasheet: formatNumber(memory.datasheetGBps, lang, 0),
            h2dPinned: formatNumber(memory.h2dPinnedGBps, lang, 1),
            d2hPinned: formatNumber(memory.d2hPinnedGBps, lang, 1),
            h2dPageable: formatNumber(memory.h2dPageableGBps, lang, 1),
            d2hPageable: formatNumber(memory.d2hPageableGBps, lang, 1),
            link: memory.link ?? '—',
            linkGBps: formatNumber(memory.linkGBps, lang, 1),
          })}
        </p>
      )}
      {g.peakSource && <p className="source">{t('ev4.source', { source: g.peakSource })}</p>}
    </div>
  )
}

/** Step 4: SM% over time (live while the load runs), beside the TFLOP/s the load really achieved. */
export function SmView({ ev, live }: { ev: SmEvidence | null; live: readonly LiveSample[] | null }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const data = useMemo(() => {
    if (live) return smChartData(liveTimeline(live))
    if (ev) return smChartData(ev.timeline ?? [], { startedAt: ev.loadStartedAt ?? null, endedAt: ev.loadEndedAt ?? null })
    return null
  }, [ev, live])
  const perGpu = ev?.perGpu ?? []
  return (
    <div className="evidence evidence--sm">
      {/* One GPU: its numbers beside the chart; several: the chart, then the GPUs side by side. */}
      <div className={`sm-layout${perGpu.length === 1 ? ' sm-layout--split' : ''}`}>
      {data && (
        <figure className="sm-figure">
          <figcaption>
            <span>{t('ev4.chart')}</span>
            {live && <span className="chip chip--live">{t('ev4.live')}</span>}
            {!live && ev?.kernel && (
              <span className="legend-item">
                <span className="legend-swatch legend-swatch--band" aria-hidden="true" />
                {t('ev4.load', { kernel: ev.kernel })}
              </span>
            )}
            <span className="legend-item">
              <span className="legend-swatch legend-swatch--threshold" aria-hidden="true" />
              {t('ev4.threshold')}
            </span>
          </figcaption>
          {data.xs.length === 0 ? <p className="muted sm-chart sm-chart--empty">{t('ev4.waiting')}</p> : <SmChart data={data} testId={live ? 'ev-sm-chart-live' : 'ev-sm-chart'} />}
        </figure>
      )}
      {perGpu.length > 0 && (
        <div className={perGpu.length > 1 ? 'gpu-columns' : 'sm-side'} data-testid="ev-sm-gpus">
          {perGpu.map((g) => (
            <GpuStats key={g.index} g={g} lang={lang} expected={ev?.expected?.find((x) => x.index === g.index && x.what === 'matmul')} memory={ev?.memory?.find((m) => m.index === g.index)} />
          ))}
        </div>
      )}
      </div>
      {ev?.runOnFree && (
        <p data-testid="ev-sm-run-on-free">
          {t('ev4.runOnFree')} <code>{ev.runOnFree}</code>
        </p>
      )}
      {ev && (
        <p className="meaning" data-testid="ev-sm-meaning">
          {coreOr(lang, ev.meaning, () => t('ev4.meaning'))}
        </p>
      )}
    </div>
  )
}
