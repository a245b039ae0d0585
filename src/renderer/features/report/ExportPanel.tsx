import { useEffect } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

import { CopyMarkdownButton } from './CopyMarkdownButton'

import type { HistoryEntry } from '../../../shared/history'
import type { ReportFormat, ReportLang } from '../../../shared/report'
import { useReport, useReportActions } from './report-context'
import type { SaveNotice as SaveNoticeValue } from './report-store'
import { formatDateTime } from '../../components/date-format'
import { errorText, failureText } from '../../components/error-text'

const FORMATS: readonly ReportFormat[] = ['md', 'html', 'json']
const CHOSEN = { kind: 'chosen' } as const

export const reportLang = (language: string): ReportLang => (language.startsWith('zh') ? 'zh-CN' : 'en')

/** A run's outcome in a few words, so that two runs of one setup read apart in the picker. */
function verdictOf(steps: HistoryEntry['steps'], t: TFunction): string {
  const failed = steps.filter((s) => s.status === 'fail').length
  const warned = steps.filter((s) => s.status === 'warn').length
  if (failed) return t('rep.export.optFailed', { count: failed })
  return warned ? t('rep.export.optWarned', { count: warned }) : t('rep.export.optPassed')
}

function SourcePicker() {
  const { t, i18n } = useTranslation()
  const source = useReport((s) => s.source)
  const setSource = useReport((s) => s.setSource)
  const history = useReport((s) => s.history.value)
  return (
    <label className="field">
      <span className="field__label">{t('rep.export.source')}</span>
      <select
        value={source.kind === 'latest' ? '' : source.id}
        onChange={(e) => setSource(e.target.value === '' ? { kind: 'latest' } : { kind: 'history', id: e.target.value })}
        data-testid="export-source"
      >
        <option value="">{t('rep.export.latest')}</option>
        {(history ?? []).map((h) => (
          <option key={h.id} value={h.id} data-testid="export-source-option">
            {formatDateTime(h.finishedAt, i18n.language, true)} · {h.gpuModels.join(', ') || '—'} · {verdictOf(h.steps, t)}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A failure the core named in the reader's language (a file not written, say), else the core's words. */
function failedText(notice: Extract<SaveNoticeValue, { kind: 'failed' }>, t: TFunction): string {
  const named = notice.code ? errorText({ code: notice.code, message: notice.message, details: notice.details }, t) : notice.message
  return named !== notice.message ? named : t('rep.export.saveFailed', { message: notice.message })
}

/** What the last save did: downloaded, saved at a path, or why it failed. */
export function SaveNotice() {
  const { t } = useTranslation()
  const notice = useReport((s) => s.saveNotice)
  if (!notice) return null
  const text =
    notice.kind === 'downloaded'
      ? t(notice.redact ? 'rep.export.downloaded' : 'rep.export.downloadedUnmasked', { name: notice.name })
      : notice.kind === 'saved'
        ? t(notice.redact ? 'rep.export.saved' : 'rep.export.savedUnmasked', { path: notice.path ?? '' })
        : notice.code === 'no-chromium'
          ? t('rep.export.noChromium')
          : failedText(notice, t)
  return (
    <span
      className={notice.kind === 'failed' ? 'tone-bad' : notice.redact ? 'tone-good' : 'tone-warn'}
      role="status"
      data-testid="export-notice"
      data-kind={notice.kind}
      data-redact={notice.kind === 'failed' ? '' : String(notice.redact)}
      data-code={notice.kind === 'failed' ? (notice.code ?? '') : ''}
    >
      {text}
    </span>
  )
}

function Masked() {
  const { t } = useTranslation()
  const preview = useReport((s) => s.preview.value)
  if (!preview?.redact) return null
  return (
    <div className="masked" data-testid="export-masked" data-count={preview.masked.length}>
      <h3>{t('rep.export.masked', { count: preview.masked.length })}</h3>
      {preview.masked.length === 0 ? (
        <p className="muted">{t('rep.export.maskedNone')}</p>
      ) : (
        <table className="grid-table">
          <thead>
            <tr>
              <th>{t('rep.export.maskKind')}</th>
              <th>{t('rep.export.maskOriginal')}</th>
              <th>{t('rep.export.maskAs')}</th>
              <th className="num">{t('rep.export.maskCount')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.masked.map((m) => (
              <tr key={`${m.kind}:${m.original}`} data-testid="masked-value" data-kind={m.kind}>
                <td>{t(`rep.mask.${m.kind}`)}</td>
                <td>
                  <code>{m.original}</code>
                </td>
                <td>
                  <code>{m.mask}</code>
                </td>
                <td className="num">{m.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

/**
 * The report as it will look: HTML (and Markdown, through its HTML twin) rendered in a sandboxed
 * frame that runs no script and reaches nothing (sandbox="", srcdoc, the page's CSP inherited),
 * the source folded beneath; JSON as its source.
 */
function PreviewView() {
  const { t } = useTranslation()
  const preview = useReport((s) => s.preview.value)
  const source = (
    <pre className="pre export__text" data-testid="export-preview" data-format={preview?.format ?? ''} data-redact={preview?.redact ?? ''} tabIndex={0}>
      {preview?.text ?? ''}
    </pre>
  )
  if (!preview?.html) return source
  return (
    <>
      <iframe
        className="export__frame"
        sandbox=""
        srcDoc={preview.html}
        title={t('rep.export.rendered')}
        referrerPolicy="no-referrer"
        data-testid="export-rendered"
        data-format={preview.format}
      />
      <details className="export__source" data-testid="export-source-view">
        <summary>{t('rep.export.sourceView', { format: t(`rep.format.${preview.format}`) })}</summary>
        {source}
      </details>
    </>
  )
}

/** Export: format, redaction, which diagnosis; a preview of the text and what was masked; Save. */
export function ExportPanel() {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const format = useReport((s) => s.format)
  const redact = useReport((s) => s.redact)
  const source = useReport((s) => s.source)
  const setFormat = useReport((s) => s.setFormat)
  const setRedact = useReport((s) => s.setRedact)
  const preview = useReport((s) => s.preview)
  const saving = useReport((s) => s.saving)
  const lang = reportLang(i18n.language)
  const sourceKey = source.kind === 'latest' ? '' : source.id
  useEffect(() => {
    void actions.renderPreview(lang)
  }, [actions, format, redact, sourceKey, lang])
  return (
    <section className="card export" data-testid="export" aria-busy={preview.loading}>
      <h2>{t('rep.export.title')}</h2>
      <p className="muted section-intro">{t('rep.export.intro')}</p>
      <div className="export__options">
        <fieldset className="segmented" data-testid="export-format">
          <legend className="field__label">{t('rep.export.format')}</legend>
          {FORMATS.map((f) => (
            <label key={f} className={`segmented__option${f === format ? ' segmented__option--on' : ''}`} data-testid={`export-format-${f}`} data-on={f === format}>
              <input type="radio" name="report-format" value={f} checked={f === format} onChange={() => setFormat(f)} />
              {t(`rep.format.${f}`)}
            </label>
          ))}
        </fieldset>
        <label className="check">
          <input type="checkbox" checked={redact} onChange={(e) => setRedact(e.target.checked)} data-testid="export-redact" />
          {t('rep.export.redact')}
        </label>
        <SourcePicker />
        <button type="button" className="button button--primary" disabled={saving || preview.loading} onClick={() => void actions.save(lang)} data-testid="export-save">
          {t('rep.export.save')}
        </button>
        <button type="button" className="button" disabled={saving} onClick={() => void actions.savePdf(lang)} data-testid="export-save-pdf">
          {t('rep.export.savePdf')}
        </button>
        <CopyMarkdownButton of={CHOSEN} />
        {saving && <span className="spinner" aria-hidden="true" />}
        <SaveNotice />
      </div>
      <p className="muted export__redact-note">{redact ? t('rep.export.redactOn') : t('rep.export.redactOff')}</p>
      {preview.error && (
        <p className="banner banner--error" data-testid="export-error">
          {failureText(t, 'rep.error', preview.error)}
        </p>
      )}
      <div className="export__preview">
        <h3>
          {t('rep.export.preview')}
          {preview.loading && <span className="spinner" aria-hidden="true" />}
        </h3>
        <PreviewView />
      </div>
      <Masked />
    </section>
  )
}
