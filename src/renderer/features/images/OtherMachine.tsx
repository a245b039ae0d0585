import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { failureText } from '../../components/error-text'
import { useImages, useImagesActions } from './images-context'
import { RecommendationList } from './RecommendationList'
import { isEmptyWhatIf, type WhatIfField } from './what-if'

function Field({ field, children }: { field: WhatIfField; children: ReactNode }) {
  const { t } = useTranslation()
  const error = useImages((s) => s.formError === field)
  return (
    <label className={`field${error ? ' field--error' : ''}`}>
      <span className="field__label">{t(`img.other.${field}`)}</span>
      {children}
      {/* The line is always there, so an error does not push the form down. */}
      <span className="field__error" data-testid={error ? `field-error-${field}` : undefined} aria-live="polite">
        {error ? t(`img.other.${field}.invalid`) : ''}
      </span>
    </label>
  )
}

/** Another machine (its pasted nvidia-smi output) and what-if values: the same answer for a machine that is not this one. */
export function OtherMachine() {
  const { t } = useTranslation()
  const actions = useImagesActions()
  const form = useImages((s) => s.form)
  const formError = useImages((s) => s.formError)
  const setForm = useImages((s) => s.setForm)
  const clear = useImages((s) => s.clearOther)
  const other = useImages((s) => s.other)
  const empty = isEmptyWhatIf(form)
  const text = (field: 'gpus' | 'ccs' | 'driver' | 'torch', placeholder: string) => (
    <input
      className={`input other-form__${field}`}
      value={form[field]}
      placeholder={t('img.other.example', { value: placeholder })}
      aria-invalid={formError === field}
      onChange={(e) => setForm({ [field]: e.target.value })}
      data-testid={`other-${field}`}
    />
  )
  return (
    <section className="card" id="other-machine" data-testid="rec-other" aria-busy={other.loading}>
      <h2>{t('img.other.title')}</h2>
      <p className="muted section-intro">{t('img.other.intro')}</p>
      <form
        className="other-form"
        onSubmit={(e) => {
          e.preventDefault()
          void actions.askOther()
        }}
      >
        <Field field="smiText">
          <textarea
            className="input other-form__smi"
            value={form.smiText}
            rows={6}
            spellCheck={false}
            placeholder={t('img.other.smiText.placeholder')}
            onChange={(e) => setForm({ smiText: e.target.value })}
            id="smi-paste"
            data-testid="smi-paste"
          />
        </Field>
        <fieldset className="other-form__whatif">
          <legend>{t('img.other.whatIf')}</legend>
          <Field field="gpus">{text('gpus', 'NVIDIA GeForce RTX 4090')}</Field>
          <Field field="ccs">{text('ccs', '8.9')}</Field>
          <Field field="driver">{text('driver', '570.124.06')}</Field>
          <Field field="torch">{text('torch', '2.8')}</Field>
          <Field field="platform">
            <select value={form.platform} onChange={(e) => setForm({ platform: e.target.value as typeof form.platform })} data-testid="other-platform">
              <option value="">{t('img.other.platform.auto')}</option>
              <option value="linux">{t('img.platform.linux')}</option>
              <option value="windows">{t('img.platform.windows')}</option>
            </select>
          </Field>
          <label className="check">
            <input type="checkbox" checked={form.devel} onChange={(e) => setForm({ devel: e.target.checked })} data-testid="other-devel" />
            {t('img.other.devel')}
          </label>
          <label className="check">
            <input type="checkbox" checked={form.ngc} onChange={(e) => setForm({ ngc: e.target.checked })} data-testid="other-ngc" />
            {t('img.other.ngc')}
          </label>
        </fieldset>
        <div className="other-form__buttons">
          <button type="submit" className="button button--primary" disabled={empty || other.loading} data-testid="other-ask">
            {t('img.other.ask')}
          </button>
          <button type="button" className="button" disabled={empty && !other.value} onClick={clear} data-testid="other-clear">
            {t('img.other.clear')}
          </button>
          {other.loading && <span className="spinner" aria-hidden="true" />}
        </div>
      </form>
      {other.error && (
        <p className="banner banner--error" data-testid="other-error">
          {failureText(t, 'img.error', other.error)}
        </p>
      )}
      {other.value && <RecommendationList result={other.value} canPull={false} testId="other-result" />}
    </section>
  )
}
