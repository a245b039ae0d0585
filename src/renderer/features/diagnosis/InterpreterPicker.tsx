import { useTranslation } from 'react-i18next'

import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { OTHER, type Interpreter } from './diagnosis-store'

function InterpreterFacts({ i }: { i: Interpreter }) {
  const { t } = useTranslation()
  return (
    <span className="interp__facts">
      {i.version && <span className="chip">{t('diag.python.version', { version: i.version })}</span>}
      <span className="chip chip--plain">{t(`diag.python.source.${i.source}`)}</span>
      {i.error ? (
        <span className="chip chip--bad">{t('diag.python.broken', { error: i.error })}</span>
      ) : i.torchLocation && i.torchBuild === 'cpu' ? (
        <span className="chip chip--warn" title={i.torchLocation} data-testid="interp-torch-cpu">
          {t('diag.python.torchCpu')}
        </span>
      ) : i.torchLocation ? (
        <span className="chip chip--good" title={i.torchLocation}>
          {t('diag.python.torch')}
        </span>
      ) : (
        <span className="chip chip--warn">{t('diag.python.noTorch')}</span>
      )}
    </span>
  )
}

/** The Pythons GPU Doctor found (version, and whether torch is there), or a path typed by hand. */
export function InterpreterPicker() {
  const { t } = useTranslation()
  const actions = useDiagnosisActions()
  const list = useDiagnosis((s) => s.interpreters)
  const error = useDiagnosis((s) => s.interpretersError)
  const loading = useDiagnosis((s) => s.loadingInterpreters)
  const selected = useDiagnosis((s) => s.selected)
  const otherPath = useDiagnosis((s) => s.otherPath)
  const select = useDiagnosis((s) => s.select)
  const setOtherPath = useDiagnosis((s) => s.setOtherPath)
  const busy = useDiagnosis((s) => s.run !== null)
  return (
    <fieldset className="interp" disabled={busy} data-testid="interpreters">
      <legend>
        {t('diag.python')}
        <button type="button" className="button button--link" onClick={() => void actions.loadInterpreters(true)} disabled={loading} data-testid="interpreters-refresh">
          {t('diag.python.refresh')}
        </button>
      </legend>
      {loading && !list && <p className="muted">{t('diag.python.loading')}</p>}
      {error && <p className="tone-bad">{t('diag.python.error', { message: error.message })}</p>}
      {list && list.length === 0 && <p className="muted">{t('diag.python.none')}</p>}
      <ul className="interp__list">
        {list?.map((i, n) => (
          <li key={i.path}>
            <label className={`interp__option${selected === i.path ? ' interp__option--selected' : ''}`} data-testid={`interpreter-${n}`} data-path={i.path}>
              <input type="radio" name="python" value={i.path} checked={selected === i.path} onChange={() => select(i.path)} />
              <code className="interp__path">{i.path}</code>
              <InterpreterFacts i={i} />
            </label>
          </li>
        ))}
        <li>
          <label className={`interp__option interp__option--other${selected === OTHER ? ' interp__option--selected' : ''}`}>
            <input type="radio" name="python" value="other" checked={selected === OTHER} onChange={() => select(OTHER)} data-testid="interpreter-other" />
            <span>{t('diag.python.other')}</span>
            <input
              type="text"
              className="input interp__input"
              value={otherPath}
              placeholder={t('diag.python.otherPlaceholder')}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => setOtherPath(e.target.value)}
              data-testid="interpreter-path"
              aria-label={t('diag.python.other')}
            />
          </label>
        </li>
      </ul>
    </fieldset>
  )
}
