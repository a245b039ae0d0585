import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { failureText } from '../../components/error-text'

import type { IpcError } from '../../../shared/contract'
import type { GpuHealthFacts, HealthResult } from '../../../shared/health'
import { FindingList } from '../../components/FindingList'
import { RichText } from '../../components/RichText'
import { StatusBadge } from '../../components/StatusBadge'
import type { StepDisplay } from '../../components/step-status'
import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { chosenPython } from './diagnosis-store'
import { gpuTones, healthProblems, healthVerdict, type Tone } from './health'

const BODY_ID = 'health-body'
const dash = (v: number | null) => (v === null ? '—' : String(v))

function Fact({ tone, testId, children }: { tone: Tone; testId: string; children: string }) {
  return (
    <span className={`chip${tone === 'warn' ? ' chip--warn' : tone === 'bad' ? ' chip--bad' : ''}`} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  )
}

/** One GPU on one line: link, uncorrectable ECC, row remaps, persistence, power limit vs default, MIG. */
function GpuLine({ g }: { g: GpuHealthFacts }) {
  const { t } = useTranslation()
  const tones = gpuTones(g)
  const onOff = (v: boolean | null) => t(v === null ? 'value.unknown' : v ? 'value.on' : 'value.off')
  const remap = g.remappedRows.failure ? t('health.remap.failed') : g.remappedRows.pending || g.retiredPagesPending ? t('health.remap.pending') : dash(g.remappedRows.uncorrectable)
  const id = (fact: string) => `health-gpu-${g.index}-${fact}`
  return (
    <li className="health__gpu" data-testid={`health-gpu-${g.index}`}>
      <strong>{t('gpu.index', { index: g.index })}</strong>
      <span className="health__name">{g.name}</span>
      {g.busId && <code className="health__bus">{g.busId}</code>}
      <Fact tone={tones.pcie} testId={id('pcie')}>
        {t('health.pcie', { genCurrent: dash(g.pcie.genCurrent), genMax: dash(g.pcie.genMax), widthCurrent: dash(g.pcie.widthCurrent), widthMax: dash(g.pcie.widthMax) })}
      </Fact>
      <Fact tone={tones.ecc} testId={id('ecc')}>
        {t('health.ecc', { value: dash(g.ecc.volatileUncorrectable) })}
      </Fact>
      <Fact tone={tones.remap} testId={id('remap')}>
        {t('health.remap', { value: remap })}
      </Fact>
      <Fact tone={tones.persistence} testId={id('persistence')}>
        {t('health.persistence', { value: onOff(g.persistenceMode) })}
      </Fact>
      <Fact tone={tones.power} testId={id('power')}>
        {g.power.limitW === null ? t('health.power.unknown') : t('health.power', { limit: g.power.limitW, default: dash(g.power.defaultLimitW) })}
      </Fact>
      <Fact tone="normal" testId={id('mig')}>
        {t('health.mig', { value: onOff(g.migEnabled) })}
      </Fact>
    </li>
  )
}

/** The kernel log's state: how many Xid events and from where, or why it could not be read. */
function KernelLog({ log }: { log: HealthResult['kernelLog'] }) {
  const { t } = useTranslation()
  return (
    <span className="health__log" data-testid="health-log" data-readable={log.readable}>
      {log.readable ? t('health.log.read', { count: log.xidCount }) : t('health.log.unreadable')} <code>{log.readable ? log.source : log.reason}</code>
    </span>
  )
}

/** nvidia-smi could not be read: the problem in the reader's language, its fix, and what was tried. */
function HealthError({ error }: { error: IpcError }) {
  const { t } = useTranslation()
  const d = error.details
  if (error.code !== 'gpu-problem' || !d?.messageKey) {
    return (
      <p className="tone-bad health__error" data-testid="health-error">
        {failureText(t, 'health.error', error)}
      </p>
    )
  }
  return (
    <div className="health__body" data-testid="health-problem" data-code={d.problemCode}>
      <p className="tone-bad health__error" data-testid="health-error">
        {t(d.messageKey, { ns: 'problems', defaultValue: error.message })}
      </p>
      <p className="health__fix">
        <span className="finding__fix-label">{t('problem.fix')}</span> <RichText text={t(`${d.messageKey}.fix`, { ns: 'problems', defaultValue: d.fix ?? '' })} />
      </p>
      {d.detail && (
        <details className="finding__seen">
          <summary>{t('problem.detail')}</summary>
          <pre className="pre">{[d.detail, d.checked].filter(Boolean).join('\n')}</pre>
        </details>
      )}
    </div>
  )
}

/**
 * The hardware preflight above the five steps: per GPU one line of link, memory errors and
 * settings, the kernel log's Xid events, and the findings with their fixes. Passing folds to one
 * line; "Check again" asks nvidia-smi anew.
 */
export function HealthCard() {
  const { t } = useTranslation()
  const actions = useDiagnosisActions()
  const { value, error, loading } = useDiagnosis((s) => s.health)
  const underLoad = useDiagnosis((s) => s.healthUnderLoad)
  const python = useDiagnosis(chosenPython)
  const verdict = value ? healthVerdict(value) : error?.code === 'gpu-problem' ? 'fail' : null
  const display: StepDisplay = loading ? 'running' : (verdict ?? 'idle')
  // Each new result starts folded when it passes, open otherwise; the reader may flip it.
  const [flipped, setFlipped] = useState<{ for: HealthResult; open: boolean } | null>(null)
  // A check under load was asked for by its button: its answer stays open, whatever it says.
  const open = value !== null && (flipped !== null && flipped.for === value ? flipped.open : verdict !== 'pass' || Boolean(value.load))
  const problems = value ? healthProblems(value) : 0
  return (
    <section
      className={`card health health--${display}${open ? '' : ' health--folded'}`}
      data-testid="health"
      data-verdict={verdict ?? (loading ? 'checking' : 'none')}
      data-open={open}
      aria-labelledby="health-title"
      aria-busy={loading}
    >
      <header className="health__head">
        <div className="health__titles">
          <h2 className="health__title" id="health-title">
            {t('health.title')}
          </h2>
          <p className="health__summary" data-testid="health-summary">
            {value ? (
              <>
                <span className={verdict === 'fail' ? 'tone-bad' : verdict === 'warn' ? 'tone-warn' : 'tone-good'}>
                  {problems ? t('health.problems', { count: problems, gpus: t('health.gpus', { count: value.gpus.length }) }) : t('health.ok', { count: value.gpus.length })}
                </span>
                <span className="health__sep" aria-hidden="true">
                  {' · '}
                </span>
                <KernelLog log={value.kernelLog} />
              </>
            ) : loading ? (
              <span className="muted">{t(underLoad ? 'health.checkingUnderLoad' : 'health.checking')}</span>
            ) : null}
          </p>
        </div>
        <div className="health__side">
          {display !== 'idle' && <StatusBadge display={display} testId="health-status" />}
          {value && (
            <button
              type="button"
              className="button button--small button--quiet"
              aria-expanded={open}
              aria-controls={BODY_ID}
              onClick={() => setFlipped({ for: value, open: !open })}
              data-testid="health-toggle"
            >
              {open ? t('diag.fold') : t('diag.unfold')}
            </button>
          )}
          <button type="button" className="button button--small" disabled={loading} onClick={() => void actions.checkHealth(true)} data-testid="health-recheck">
            {t('health.recheck')}
          </button>
        </div>
      </header>
      {value && open && (
        <div className="health__body" id={BODY_ID}>
          <ul className="health__gpus">
            {value.gpus.map((g) => (
              <GpuLine key={g.index} g={g} />
            ))}
          </ul>
          <p className="health__load muted" data-testid="health-load" data-applied={value.load?.applied ?? 'none'}>
            {value.load
              ? t(value.load.applied ? 'health.load.applied' : 'health.load.failed', { detail: value.load.detail, python: value.load.python })
              : t('health.load.none')}{' '}
            <button
              type="button"
              className="button button--small button--quiet"
              disabled={loading || python === null}
              title={python === null ? t('health.underLoad.noPython') : t('health.underLoad.title', { python })}
              onClick={() => void actions.checkHealth(true, true)}
              data-testid="health-under-load"
            >
              {t('health.underLoad')}
            </button>
          </p>
          {!value.kernelLog.readable && <p className="muted health__hint">{t('health.log.hint')}</p>}
          {value.findings.length > 0 && <FindingList findings={value.findings} />}
        </div>
      )}
      {error && <HealthError error={error} />}
    </section>
  )
}
