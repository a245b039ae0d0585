import { useTranslation } from 'react-i18next'

import { failureText } from '../../components/error-text'

import type { HostFacts as Facts } from '../../../shared/host'
import { useHost } from './live-context'
import { DASH, formatBytes } from '../../components/number-format'

function rows(facts: Facts, t: (k: string, o?: Record<string, unknown>) => string, lang: string) {
  const os = [facts.distro, facts.release].filter(Boolean).join(' ') || facts.platform
  const env = [facts.isWsl && t('host.wsl'), facts.isContainer && t('host.container')].filter(Boolean).join(', ')
  const cores =
    facts.cpuCores === null
      ? DASH
      : t('host.cores', { logical: facts.cpuCores, physical: facts.cpuPhysicalCores ?? DASH })
  return [
    ['hostname', t('host.hostname'), facts.hostname ?? DASH],
    ['os', t('host.os'), os],
    ['kernel', t('host.kernel'), facts.kernel ?? DASH],
    ['arch', t('host.arch'), facts.arch],
    [
      'cpu',
      t('host.cpu'),
      <>
        {/* The CPU's own name, not a text to translate. */}
        <span translate="no">{facts.cpuModel ?? DASH}</span> · {cores}
      </>,
    ],
    ['memory', t('host.memory'), formatBytes(facts.memoryTotalBytes, lang)],
    ['kernel-module', t('host.kernelModule'), facts.kernelModuleDriverVersion ?? t('host.notLoaded')],
    ['environment', t('host.environment'), env || t('host.bareMetal')],
  ] as const
}

/** The machine around the GPUs: OS, kernel, CPU, memory, and the loaded NVIDIA kernel module. */
export function HostFacts() {
  const { t, i18n } = useTranslation()
  const facts = useHost((s) => s.facts)
  const error = useHost((s) => s.error)
  return (
    <section className="card host" data-testid="host-facts">
      <h2>{t('host.title')}</h2>
      {error && <p className="muted">{failureText(t, 'host.error', error)}</p>}
      {facts && (
        <dl className="facts facts--host">
          {rows(facts, t, i18n.language).map(([id, label, value]) => (
            <div key={id} className="facts__row">
              <dt>{label}</dt>
              <dd data-testid={`host-${id}`}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {!facts && !error && <p className="muted">{t('load.loading')}</p>}
    </section>
  )
}
