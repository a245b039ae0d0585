import { useTranslation } from 'react-i18next'

import { formatNumber } from '../number-format'
import type { Finding } from '../../../shared/diagnosis'
import type { LinksEvidence } from '../../../shared/evidence'
import { coreOr } from '../core-or'

type Pair = NonNullable<LinksEvidence['pairs']>[number]

/** A pair below half its link, or without peer access, is shown as a problem. */
function pairTone(p: Pair): 'warn' | undefined {
  if (!p.peerAccess) return 'warn'
  return p.copyGBps !== null && p.expectedGBps !== null && p.copyGBps < p.expectedGBps / 2 ? 'warn' : undefined
}

/**
 * The GPUs another process used while the links were measured: recorded per GPU since it was, else
 * named by the finding that says so (runs saved before).
 */
export function busyLinkGpus(ev: LinksEvidence, findings: readonly Finding[]): Set<number> {
  const busy = new Set((ev.gpus ?? []).filter((g) => g.contended).map((g) => g.index))
  const named = findings.find((f) => f.id === 'links-measured-while-busy')?.params.gpus
  for (const part of String(named ?? '').split(',')) if (/^\s*\d+\s*$/.test(part)) busy.add(Number(part))
  return busy
}

/** How much of what the link should carry was measured, as a bar: the picture of a pair or of NCCL. */
function Meter({ value, of, tone, testId }: { value: number | null | undefined; of: number | null | undefined; tone?: 'warn'; testId?: string }) {
  if (value === null || value === undefined || !of) return null
  const percent = Math.max(1, Math.min(100, (value / of) * 100))
  return (
    <span className={`link-meter${tone ? ` link-meter--${tone}` : ''}`} data-testid={testId} data-percent={Math.round(percent)} aria-hidden="true">
      <span className="link-meter__fill" style={{ width: `${percent}%` }} />
    </span>
  )
}

/** Step 6: the GPU×GPU matrix (path, peer access, copy GB/s against the link), each GPU's links, and NCCL's all-reduce. */
export function LinksView({ ev, findings = [] }: { ev: LinksEvidence; findings?: readonly Finding[] }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const gpus = ev.gpus ?? []
  const pairs = ev.pairs ?? []
  const n = ev.nccl
  const busy = busyLinkGpus(ev, findings)
  const gb = (v: number | null | undefined, digits = 0) => (v === null || v === undefined ? '—' : formatNumber(v, lang, digits))
  const gpuHead = (index: number) => (
    <>
      {t('ev4.gpu', { index })}
      {busy.has(index) && (
        <span className="chip tone-warn link-busy" title={t('ev4.busy')}>
          {t('ev6.busyShort')}
        </span>
      )}
    </>
  )
  return (
    <div className="evidence evidence--links">
      {n && (
        <div className="links-nccl" data-testid="ev-links-nccl">
          <p>
            <strong>{t('ev6.busbw', { busbw: gb(n.busbwGBps, 1), expected: gb(n.expectedGBps) })}</strong>{' '}
            {n.transports.length > 0 && <span className="muted">{t('ev6.via', { transports: n.transports.join(', ') })}</span>}
            {n.timedOut && <span className="chip tone-warn">{t('ev6.timedOut', { seconds: n.deadlineS })}</span>}
          </p>
          <Meter value={n.busbwGBps} of={n.expectedGBps} tone={n.busbwGBps !== null && n.expectedGBps !== null && n.busbwGBps < n.expectedGBps / 2 ? 'warn' : undefined} testId="ev-links-nccl-meter" />
        </div>
      )}
      <div className="links-matrix-wrap">
        <table className="grid-table links-matrix" data-testid="ev-links-matrix" aria-label={t('ev6.matrix')}>
          <caption>{t('ev6.matrix')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ev6.fromTo')}</th>
              {gpus.map((g) => (
                <th key={g.index} scope="col">
                  {gpuHead(g.index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {gpus.map((a) => (
              <tr key={a.index}>
                <th scope="row">{gpuHead(a.index)}</th>
                {gpus.map((b) => {
                  if (a.index === b.index) return <td key={b.index} className="muted links-matrix__self">—</td>
                  const p = pairs.find((x) => x.from === a.index && x.to === b.index)
                  if (!p) return <td key={b.index}>?</td>
                  const tone = pairTone(p)
                  return (
                    <td key={b.index} className={`links-matrix__pair${tone ? ` tone-${tone}` : ''}`} data-testid={`ev-links-${a.index}-${b.index}`}>
                      <span className="links-matrix__path">
                        <code>{p.link ?? '?'}</code> {p.peerAccess ? t('ev6.p2p') : t('ev6.noP2p')}
                      </span>
                      <span className="links-matrix__copy">{t('ev6.copy', { copy: gb(p.copyGBps, 1), expected: gb(p.expectedGBps) })}</span>
                      <Meter value={p.copyGBps} of={p.expectedGBps} tone={tone} />
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {ev.copyMode?.mode === 'concurrent' && (
          <p className="muted" data-testid="ev-links-copy-mode">
            {t('ev6.copiesConcurrent', { pairs: pairs.length, perRound: ev.copyMode.pairsPerRound ?? '?', rounds: ev.copyMode.rounds, alone: ev.copyMode.measuredAlone ?? 0 })}
          </p>
        )}
      </div>
      <div className="gpu-columns">
        {gpus.map((g) => (
          <div className="sm-stats links-gpu" key={g.index} data-testid={`ev-links-gpu-${g.index}`}>
            <h4>
              {t('ev4.gpu', { index: g.index })} {g.name && <span className="muted">{g.name}</span>}
              {busy.has(g.index) && (
                <span className="chip tone-warn" data-testid="ev-links-busy">
                  {t('ev4.busy')}
                </span>
              )}
            </h4>
            <p className={(g.nvlinkInactive ?? 0) > 0 ? 'tone-warn' : undefined}>
              {g.nvlinkActive === null ? t('ev6.noNvlink') : t('ev6.nvlink', { active: g.nvlinkActive, total: (g.nvlinkActive ?? 0) + (g.nvlinkInactive ?? 0) })}
            </p>
            <p>{t('ev6.pcie', { pcie: g.pcie ?? '—' })}</p>
            <p>{t('ev6.numa', { numa: g.numa ?? '—', cpus: g.cpuAffinity ?? '—' })}</p>
          </div>
        ))}
      </div>
      {n && n.debugLines.length > 0 && (
        <details className="evidence__more">
          <summary>{t('ev6.ncclLines')}</summary>
          <pre data-testid="ev-links-nccl-lines">{n.debugLines.join('\n')}</pre>
        </details>
      )}
      {ev.meaning && (
        <p className="meaning" data-testid="ev-links-meaning">
          {coreOr(lang, ev.meaning, () => t('ev6.meaning'))}
        </p>
      )}
    </div>
  )
}
