import { useTranslation } from 'react-i18next'

import { coreOr } from '../core-or'
import { CUDNN_FLAGS } from '../../../shared/constants'
import type { CudnnEvidence, CudnnFlag } from '../../../shared/evidence'
import { cudnnMajorMatches } from '../../../shared/evidence-derive'
import { KvTable } from './KvTable'

const FLAG_NAMES: Record<CudnnFlag, string> = {
  benchmark: 'torch.backends.cudnn.benchmark',
  deterministic: 'torch.backends.cudnn.deterministic',
  allowTf32: 'torch.backends.cudnn.allow_tf32',
  matmulAllowTf32: 'torch.backends.cuda.matmul.allow_tf32',
}

/** Step 2: the loaded cuDNN against the one this PyTorch expects, and the flags with what each costs. */
export function CudnnView({ ev }: { ev: CudnnEvidence }) {
  const { t, i18n } = useTranslation()
  const yesNo = (v: boolean | undefined) => (v === undefined ? '—' : v ? 'True' : 'False')
  const matches = cudnnMajorMatches(ev)
  return (
    <div className="evidence evidence--cudnn">
      <KvTable
        testId="ev-cudnn"
        rows={[
          { key: 'available', label: <>{t('ev2.available')} <code className="muted">is_available()</code></>, value: yesNo(ev.available), tone: ev.available ? 'good' : 'bad' },
          { key: 'enabled', label: <>{t('ev2.enabled')} <code className="muted">enabled</code></>, value: yesNo(ev.enabled), tone: ev.enabled ? 'good' : 'bad' },
          {
            key: 'version',
            label: <>{t('ev2.version')} <code className="muted">version()</code></>,
            value: (
              <>
                <strong data-testid="ev-cudnn-version">{ev.version ?? '—'}</strong>
                {matches !== null && <span className={`chip chip--${matches ? 'good' : 'warn'}`}>{t(matches ? 'ev2.match' : 'ev2.mismatch')}</span>}
              </>
            ),
            tone: ev.version ? undefined : 'bad',
          },
          { key: 'expected', label: t('ev2.expected'), value: ev.expectedMajor === null || ev.expectedMajor === undefined ? '—' : t('ev2.expectedValue', { major: ev.expectedMajor }) },
          ...(ev.nccl ? [{ key: 'nccl', label: t('ev2.nccl'), value: ev.nccl }] : []),
        ]}
      />
      <table className="grid-table flags" data-testid="ev-cudnn-flags">
        <thead>
          <tr>
            <th>{t('ev2.flag')}</th>
            <th>{t('ev2.value')}</th>
            <th>{t('ev2.cost')}</th>
          </tr>
        </thead>
        <tbody>
          {CUDNN_FLAGS.filter((f) => ev.flags?.[f]).map((f) => {
            const flag = ev.flags![f]!
            return (
              <tr key={f} data-testid={`ev-flag-${f}`}>
                <td>
                  <code>{FLAG_NAMES[f]}</code>
                </td>
                <td className="flags__value">{yesNo(flag.value)}</td>
                <td className="flags__note">{coreOr(i18n.language, flag.note, () => t(`ev2.note.${f}`))}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
