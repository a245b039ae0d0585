import { useTranslation } from 'react-i18next'

import { formatNumber } from '../number-format'
import type { LinksEvidence } from '../../../shared/evidence'

type Pair = NonNullable<LinksEvidence['pairs']>[number]

/** A pair below half its link, or without peer access, is shown as a problem. */
function pairTone(p: Pair): 'warn' | undefined {
  if (!p.peerAccess) return 'warn'
  return p.copyGBps !== null && p.expectedGBps !== null && p.copyGBps < p.expectedGBps / 2 ? 'warn' : undefined
}

/** Step 6: the GPU×GPU matrix (path, peer access, copy GB/s against the link), each GPU's links, and NCCL's all-reduce. */
export function LinksView({ ev }: { ev: LinksEvidence }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const gpus = ev.gpus ?? []
  const pairs = ev.pairs ?? []
  const n = ev.nccl
  const gb = (v: number | null | undefined, digits = 0) => (v === null || v === undefined ? '—' : formatNumber(v, lang, digits))
  return (
    <div className="evidence evidence--links">
      {n && (
        <p data-testid="ev-links-nccl">
          <strong>{t('ev6.busbw', { busbw: gb(n.busbwGBps, 1), expected: gb(n.expectedGBps) })}</strong>{' '}
          {n.transports.length > 0 && <span className="muted">{t('ev6.via', { transports: n.transports.join(', ') })}</span>}
          {n.timedOut && <span className="chip tone-warn">{t('ev6.timedOut', { seconds: n.deadlineS })}</span>}
        </p>
      )}
      <table className="grid-table" data-testid="ev-links-matrix" aria-label={t('ev6.matrix')}>
        <caption>{t('ev6.matrix')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ev6.fromTo')}</th>
            {gpus.map((g) => (
              <th key={g.index} scope="col">
                {t('ev4.gpu', { index: g.index })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {gpus.map((a) => (
            <tr key={a.index}>
              <th scope="row">{t('ev4.gpu', { index: a.index })}</th>
              {gpus.map((b) => {
                if (a.index === b.index) return <td key={b.index} className="muted">—</td>
                const p = pairs.find((x) => x.from === a.index && x.to === b.index)
                if (!p) return <td key={b.index}>?</td>
                const tone = pairTone(p)
                return (
                  <td key={b.index} className={tone ? `tone-${tone}` : undefined} data-testid={`ev-links-${a.index}-${b.index}`}>
                    <code>{p.link ?? '?'}</code> {p.peerAccess ? t('ev6.p2p') : t('ev6.noP2p')}
                    <br />
                    {t('ev6.copy', { copy: gb(p.copyGBps, 1), expected: gb(p.expectedGBps) })}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sm-side">
        {gpus.map((g) => (
          <div className="sm-stats" key={g.index} data-testid={`ev-links-gpu-${g.index}`}>
            <h4>
              {t('ev4.gpu', { index: g.index })} {g.name && <span className="muted">{g.name}</span>}
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
      {ev.meaning && <p className="meaning">{ev.meaning}</p>}
    </div>
  )
}
