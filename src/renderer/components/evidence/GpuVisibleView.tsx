import { useTranslation } from 'react-i18next'

import type { ArchCoverage, GpuVisibleEvidence } from '../../../shared/evidence'
import { KvTable } from './KvTable'

function Coverage({ c }: { c: ArchCoverage | undefined }) {
  const { t } = useTranslation()
  if (!c) return <span className="muted">—</span>
  if (!c.covered) return <span className="tone-bad">{t('ev1.notCovered', { arch: c.gpuArch })}</span>
  return <span className="tone-good">{t(`ev1.via.${c.via ?? 'sass'}`, { entry: c.entry ?? '' })}</span>
}

/** Step 1: the versions that must agree, and each GPU as nvidia-smi and PyTorch see it. */
export function GpuVisibleView({ ev }: { ev: GpuVisibleEvidence }) {
  const { t } = useTranslation()
  const cvd = ev.cudaVisibleDevices ?? null
  const hostGpus = ev.hostGpus ?? []
  const torchDevices = ev.torchDevices ?? []
  const archList = ev.archList ?? []
  const warnings = ev.warnings ?? []
  const environment = ev.environment ?? []
  const rows = Math.max(hostGpus.length, torchDevices.length)
  return (
    <div className="evidence evidence--gpu-visible">
      <KvTable
        testId="ev-versions"
        rows={[
          { key: 'python', label: t('ev1.python'), value: <code>{ev.python ?? '—'}</code> },
          { key: 'torch', label: t('ev1.torch'), value: ev.torchVersion ?? '—', testId: 'ev-torch-version' },
          {
            key: 'cuda',
            label: <>{t('ev1.torchCuda')} <code className="muted">torch.version.cuda</code></>,
            value: ev.torchCuda ?? t('ev1.cpuOnly'),
            tone: ev.torchCuda ? undefined : 'bad',
            testId: 'ev-torch-cuda',
          },
          {
            key: 'available',
            label: <code>torch.cuda.is_available()</code>,
            value: ev.cudaAvailable === undefined ? '—' : ev.cudaAvailable ? t('ev1.yes') : t('ev1.no'),
            tone: ev.cudaAvailable ? 'good' : 'bad',
          },
          { key: 'driver', label: t('ev1.driver'), value: ev.driverVersion ?? '—' },
          { key: 'driverCuda', label: t('ev1.driverCuda'), value: ev.driverCuda ?? '—' },
          {
            key: 'cvd',
            label: <code>CUDA_VISIBLE_DEVICES</code>,
            value: cvd === null ? t('ev1.cvdUnset') : cvd === '' ? t('ev1.cvdEmpty') : <code>{cvd}</code>,
            tone: cvd === '' ? 'bad' : undefined,
          },
          {
            key: 'arch',
            label: <>{t('ev1.archList')} <code className="muted">get_arch_list()</code></>,
            value: archList.length ? <code>{archList.join(' ')}</code> : t('ev1.none'),
          },
        ]}
      />
      {rows > 0 && (
        <>
          <h4>{t('ev1.devices')}</h4>
          <table className="grid-table" data-testid="ev-devices">
            <thead>
              <tr>
                <th>{t('ev1.col.index')}</th>
                <th>{t('ev1.col.smi')}</th>
                <th>{t('ev1.col.torch')}</th>
                <th>{t('ev1.col.cc')}</th>
                <th>{t('ev1.col.coverage')}</th>
                <th>{t('ev1.col.exercised')}</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows }, (_, i) => {
                const host = hostGpus[i]
                const dev = torchDevices[i]
                return (
                  <tr key={i}>
                    <td>{i}</td>
                    <td>{host?.name ?? '—'}</td>
                    <td className={dev ? undefined : 'tone-bad'}>{dev?.name ?? t('ev1.notSeen')}</td>
                    <td>{dev?.cc ?? host?.computeCapability ?? '—'}</td>
                    <td>{dev ? <Coverage c={ev.archCoverage?.[i]} /> : '—'}</td>
                    <td>
                      {!dev?.exercise ? (
                        '—'
                      ) : dev.exercise.ok ? (
                        <span className="tone-good">{t('ev1.exerciseOk')}</span>
                      ) : (
                        <span className="tone-bad" title={dev.exercise.error ?? ''}>
                          {t('ev1.exerciseFailed', { call: dev.exercise.failedCall ?? '?' })}
                        </span>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </>
      )}
      {environment.length > 0 && (
        <>
          <h4>{t('ev1.environment')}</h4>
          <table className="grid-table" data-testid="ev-environment">
            <thead>
              <tr>
                <th>{t('ev1.col.variable')}</th>
                <th>{t('ev1.col.value')}</th>
                <th>{t('ev1.col.effect')}</th>
              </tr>
            </thead>
            <tbody>
              {environment.map((r) => (
                <tr key={r.name}>
                  <td>
                    <code>{r.name}</code>
                  </td>
                  <td>
                    <code>{r.value}</code>
                  </td>
                  <td className={r.active && r.class !== 'informational' ? 'tone-warn' : undefined}>
                    {t(`ev1.envClass.${r.class}`)}: {r.effect}
                    {r.source && (
                      <>
                        {' '}
                        <span className="muted">({t('ev1.source')}: {r.source})</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {ev.importError && (
        <details className="evidence__more" open>
          <summary>{t('ev1.importError')}</summary>
          <pre className="pre">{ev.importError}</pre>
        </details>
      )}
      {warnings.length > 0 && (
        <details className="evidence__more">
          <summary>{t('ev1.warnings')}</summary>
          <pre className="pre">{warnings.join('\n')}</pre>
        </details>
      )}
    </div>
  )
}
