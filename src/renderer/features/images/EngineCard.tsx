import { useTranslation } from 'react-i18next'

import type { EngineInfo, EngineState } from '../../../shared/docker'
import { useImages, useImagesActions } from './images-context'
import { useNow } from '../../components/elapsed'
import { DASH } from '../../components/number-format'
import { RichText } from '../../components/RichText'
import { DockerProblemView } from './DockerProblemView'
import { GpuSetupSteps } from './GpuSetupSteps'
import { failureText } from '../../components/error-text'

const ENGINE_NAMES = { docker: 'Docker', podman: 'Podman' } as const

function yesNo(value: boolean, t: (k: string) => string) {
  return value ? t('value.yes') : t('value.no')
}

function UpFacts({ info }: { info: EngineInfo }) {
  const { t } = useTranslation()
  return (
    <>
      <table className="kv engine__facts">
        <tbody>
          <tr>
            <th>{t('img.engine.engine')}</th>
            <td data-testid="engine-kind" data-engine={info.engine}>
              {ENGINE_NAMES[info.engine]}
            </td>
          </tr>
          <tr>
            <th>{t('img.engine.endpoint')}</th>
            <td>
              <code data-testid="engine-endpoint">{info.endpoint}</code>
            </td>
          </tr>
          {info.endpointReason && (
            <tr>
              <th>{t('img.engine.why')}</th>
              <td className="muted" data-testid="engine-why">
                {t(info.endpointReason.key, { ns: 'docker', ...info.endpointReason.params })}
              </td>
            </tr>
          )}
          <tr>
            <th>{t('img.engine.version')}</th>
            <td data-testid="engine-version">
              {info.serverVersion ?? DASH}
              {info.apiVersion && <span className="muted"> · API {info.apiVersion}</span>}
              {info.os && <span className="muted"> · {info.os}</span>}
            </td>
          </tr>
          <tr>
            <th>{t('img.engine.runtimes')}</th>
            <td data-testid="engine-runtimes">
              {info.runtimes.map((r) => (
                <span key={r} className={`chip ${r === 'nvidia' ? 'chip--good' : 'chip--plain'} engine__runtime`} data-testid="engine-runtime">
                  {r}
                  {r === info.defaultRuntime && ` (${t('img.engine.default')})`}
                </span>
              ))}
            </td>
          </tr>
          {info.engine === 'podman' ? (
            <tr>
              <th>{t('img.engine.cdi')}</th>
              <td data-testid="engine-cdi">
                <RichText text={t('img.engine.cdiPodman')} />
              </td>
            </tr>
          ) : (
          <tr>
            <th>{t('img.engine.nvidia')}</th>
            <td data-testid="engine-nvidia" data-nvidia={info.nvidiaRuntime}>
              <span className={info.nvidiaRuntime ? 'tone-good' : 'tone-warn'}>{yesNo(info.nvidiaRuntime, t)}</span>
              {info.cdiSpecDirs.length > 0 && <span className="muted"> · CDI: {info.cdiSpecDirs.join(', ')}</span>}
            </td>
          </tr>
          )}
          <tr>
            <th>{t('img.engine.rootless')}</th>
            <td data-testid="engine-rootless">{yesNo(info.rootless, t)}</td>
          </tr>
          <tr>
            <th>{t('img.engine.cgroup')}</th>
            <td data-testid="engine-cgroup">
              {info.cgroupVersion ? `v${info.cgroupVersion}` : DASH}
              {info.cgroupDriver && <span className="muted"> · {info.cgroupDriver}</span>}
            </td>
          </tr>
        </tbody>
      </table>
      {info.gpuSetup && (
        <div className="banner banner--warn engine__hint" data-testid="engine-no-nvidia">
          <p>
            <RichText text={t('img.engine.noNvidia')} />
          </p>
          {/* The pick above shows the same steps; here they fold. */}
          <details>
            <summary>{t('img.gpuSetup.show')}</summary>
            <GpuSetupSteps setup={info.gpuSetup} testId="engine-gpu-setup" />
          </details>
        </div>
      )}
      {info.rootless && (
        <p className="banner banner--info engine__hint" data-testid="engine-rootless-hint">
          {t('img.engine.rootlessHint')}
        </p>
      )}
    </>
  )
}

/** When the core tries the engine again, counting down from the moment this state arrived. */
function RetryCountdown({ engine }: { engine: Extract<EngineState, { kind: 'down' }> }) {
  const { t } = useTranslation()
  // Counted from arrival, not from the core's clock: over an SSH tunnel the two clocks may differ.
  const arrivedAt = useImages((s) => s.engineReceivedAt)
  const now = useNow()
  const seconds = Math.ceil(Math.max(0, arrivedAt + engine.retryInMs - now) / 1000)
  return (
    <p className="muted" data-testid="engine-retry" data-seconds={seconds}>
      {seconds > 0 ? t('img.engine.retryIn', { endpoint: engine.endpoint, seconds }) : t('img.engine.retryNow', { endpoint: engine.endpoint })}
    </p>
  )
}

function StateBody({ engine }: { engine: EngineState }) {
  const { t } = useTranslation()
  if (engine.kind === 'up') return <UpFacts info={engine.info} />
  if (engine.kind === 'unknown') return <p className="muted">{t('img.engine.unknown', { endpoint: engine.endpoint })}</p>
  return (
    <>
      <DockerProblemView problem={engine.problem} endpoint={engine.endpoint} testId="engine-problem" />
      <RetryCountdown engine={engine} />
    </>
  )
}

const TONE = { up: 'good', down: 'bad', unknown: 'plain' } as const

/** The Docker engine: up with its runtimes, rootless and cgroup facts, or down with the problem and its fix. */
export function EngineCard() {
  const { t } = useTranslation()
  const actions = useImagesActions()
  const engine = useImages((s) => s.engine)
  const error = useImages((s) => s.engineError)
  const checking = useImages((s) => s.engineChecking)
  const kind = engine?.kind ?? (error ? 'error' : 'checking')
  return (
    <section className="card engine" data-testid="engine" data-state={kind}>
      <div className="section-head">
        <h2>{t('img.engine.title')}</h2>
        {engine && (
          <span className={`chip chip--${TONE[engine.kind]}`} data-testid="engine-state">
            {t(`img.engine.state.${engine.kind}`)}
          </span>
        )}
        <button type="button" className="button button--small" disabled={checking} onClick={() => void actions.checkEngine()} data-testid="engine-check">
          {t('problem.retry')}
        </button>
      </div>
      {error && (
        <p className="banner banner--error" data-testid="engine-error">
          {failureText(t, 'img.error', error)}
        </p>
      )}
      {!engine && !error && (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> {t('img.engine.checking')}
        </p>
      )}
      {engine && <StateBody engine={engine} />}
    </section>
  )
}
