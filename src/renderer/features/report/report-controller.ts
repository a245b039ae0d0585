import { INVOKE_CHANNELS } from '../../../shared/channels'
import type { Diagnosis } from '../../../shared/diagnosis'
import type { ReportFormat, ReportLang } from '../../../shared/report'
import { FLEET_MAX_BYTES, FLEET_MAX_REPORTS, FLEET_MAX_REQUEST_CHARS } from '../../../shared/constants'
import { type FleetFile, pdfRedact, type PreviewKey, previewMatches, type ReportStore } from './report-store'
import type { RendererTransport } from '../../transport'

/**
 * Which diagnosis a Markdown copy reports: the Report page's choice (with the masking chosen for
 * Markdown there), or the one shown on another page (always masked: nobody unmasked it). `null`
 * when that page shows none.
 */
export type MarkdownOf = { kind: 'chosen' } | { kind: 'shown'; diagnosis: Diagnosis | null }

/** A Markdown report and whether it was masked, so that what is said about it is true. */
export interface MarkdownCopy {
  text: string
  redact: boolean
}

export interface ReportActions {
  /** Renders the preview for the current options in `lang` (the UI's language). */
  renderPreview(lang: ReportLang): Promise<void>
  /** Saves the document the preview shows: a download in the browser, the app's save dialog in Electron. */
  save(lang: ReportLang): Promise<void>
  /**
   * The HTML report as PDF: in the app printed by main through its save dialog; elsewhere (serve)
   * printed by the core's headless Chromium (report:pdf) and downloaded.
   */
  savePdf(lang: ReportLang): Promise<void>
  /** A Markdown report for pasting into an issue (see MarkdownOf); throws where there is no diagnosis to report. */
  markdown(lang: ReportLang, of: MarkdownOf): Promise<MarkdownCopy>
  /** Hands a Markdown text over as a file (where the clipboard is denied), named after the run it reports. */
  downloadMarkdown(text: string, of: MarkdownOf): Promise<void>
  /** Saves the diagnosis shown on the Diagnose page (never another saved one), masked, in the Report page's format. */
  saveShown(lang: ReportLang, diagnosis: Diagnosis): Promise<void>
  /** Whether this front end has its own save dialog (and its own PDF printer). */
  readonly nativeSave: boolean
  loadHistory(): Promise<void>
  openHistory(id: string): Promise<void>
  /** Compares the two ticked entries, the older as A. */
  compareHistory(): Promise<void>
  /** Reads picked report files in the page and merges them into the fleet table. */
  pickFleetFiles(files: readonly File[]): Promise<void>
  mergeFleet(): Promise<void>
}

export interface ReportControllerOptions {
  /** Hands a document to the user (a Blob download in the page): text, or the bytes of a PDF. */
  download(data: string | Uint8Array<ArrayBuffer>, name: string, mime: string): void
  /** Reads a picked file's text (FileReader in the page). */
  readFile(file: File): Promise<string>
  /** The Electron preload: report:save opens the app's own save dialog (and can print a PDF). */
  nativeSave?: boolean
  now?: () => Date
}

const MIME: Record<ReportFormat, string> = { md: 'text/markdown', html: 'text/html', json: 'application/json' }

/** A PDF's bytes from the base64 that JSON carries them in. */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** gpu-doctor-report-2026-11-21-06-37-53.md: when the run finished, in local time like the rest of the page. */
export function reportFileName(format: ReportFormat | 'pdf', at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  const stamp = `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}-${p(at.getHours())}-${p(at.getMinutes())}-${p(at.getSeconds())}`
  return `gpu-doctor-report-${stamp}.${format}`
}

/** Wires the report store to the transport: report:render / report:save, history:*, report:merge. */
export function createReportController(transport: RendererTransport, store: ReportStore, options: ReportControllerOptions): ReportActions {
  const state = () => store.getState()
  const now = options.now ?? (() => new Date())
  const diagnoses = new Map<string, Diagnosis>()
  let previewSeq = 0
  let openSeq = 0
  let compareSeq = 0
  let fleetSeq = 0

  async function diagnosisOf(id: string): Promise<Diagnosis> {
    const cached = diagnoses.get(id)
    if (cached) return cached
    const result = await transport.invoke(INVOKE_CHANNELS.loadHistory, id)
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code, details: result.error.details })
    diagnoses.set(id, result.value)
    return result.value
  }

  /** When the reported run finished: a saved file is named after the run, not after the moment it was saved. */
  const runTime = async (source: PreviewKey['source'] | { kind: 'shown'; diagnosis: Diagnosis }): Promise<Date> => {
    let finishedAt: string | undefined
    if (source.kind === 'shown') finishedAt = source.diagnosis.finishedAt
    else if (source.kind === 'history') finishedAt = (await diagnosisOf(source.id)).finishedAt
    else {
      // The latest run is the newest entry of the history (every finished run is saved there).
      const listing = await transport.invoke(INVOKE_CHANNELS.listHistory)
      finishedAt = listing.ok ? listing.value.entries[0]?.finishedAt : undefined
    }
    const at = finishedAt ? new Date(finishedAt) : null
    return at && !Number.isNaN(at.getTime()) ? at : now()
  }

  const keyOf = (lang: ReportLang): PreviewKey => ({ format: state().format, redact: state().redact, lang, source: state().source })
  const errorOf = (e: unknown) => {
    const { code, details } = e as { code?: string; details?: Record<string, string> }
    return { code: code ?? 'internal', message: e instanceof Error ? e.message : String(e), ...(details ? { details } : {}) }
  }

  const actions: ReportActions = {
    nativeSave: options.nativeSave ?? false,

    async renderPreview(lang) {
      const key = keyOf(lang)
      const seq = ++previewSeq
      state().previewLoading()
      try {
        const diagnosis = key.source.kind === 'history' ? await diagnosisOf(key.source.id) : undefined
        const request = (format: ReportFormat) => transport.invoke(INVOKE_CHANNELS.renderReport, { format, redact: key.redact, lang, ...(diagnosis ? { diagnosis } : {}) })
        // Markdown is shown rendered: the same report as HTML beside the Markdown that a save writes.
        const [result, html] = await Promise.all([request(key.format), key.format === 'md' ? request('html') : null])
        if (seq !== previewSeq) return
        if (!result.ok) return state().setPreviewError(result.error)
        if (html && !html.ok) return state().setPreviewError(html.error)
        state().setPreview({ ...key, ...result.value, html: key.format === 'html' ? result.value.text : (html?.value.text ?? null) })
      } catch (e) {
        if (seq === previewSeq) state().setPreviewError(errorOf(e))
      }
    },

    async save(lang) {
      if (state().saving) return
      state().setSaving(true)
      state().setSaveNotice(null)
      try {
        const key = keyOf(lang)
        if (options.nativeSave) {
          const diagnosis = key.source.kind === 'history' ? await diagnosisOf(key.source.id) : undefined
          const result = await transport.invoke(INVOKE_CHANNELS.saveReport, { format: key.format, redact: key.redact, lang, ...(diagnosis ? { diagnosis } : {}) })
          if (result.ok && result.value.saved) return state().setSaveNotice({ kind: 'saved', path: result.value.path, redact: key.redact })
          if (result.ok && result.value.reason === 'cancelled') return
          // The user chose a file and it could not be written: say so, never download something else instead.
          if (!result.ok && result.error.code === 'not-written') return state().setSaveNotice({ kind: 'failed', ...result.error })
          // No dialog in this front end (or it failed): fall back to a download of the preview.
        }
        if (!previewMatches(state().preview.value, key)) await actions.renderPreview(lang)
        const preview = state().preview.value
        if (!previewMatches(preview, key)) {
          return state().setSaveNotice({ kind: 'failed', message: state().preview.error?.message ?? '' })
        }
        const name = reportFileName(key.format, await runTime(key.source))
        options.download(preview!.text, name, `${MIME[key.format]};charset=utf-8`)
        state().setSaveNotice({ kind: 'downloaded', name, redact: preview!.redact })
      } catch (e) {
        state().setSaveNotice({ kind: 'failed', message: errorOf(e).message })
      } finally {
        state().setSaving(false)
      }
    },

    async markdown(lang, of) {
      let diagnosis: Diagnosis | undefined
      if (of.kind === 'shown') {
        if (!of.diagnosis) throw Object.assign(new Error('no diagnosis shown'), { code: 'nothing-shown' })
        diagnosis = of.diagnosis
      } else if (state().source.kind === 'history') diagnosis = await diagnosisOf((state().source as { id: string }).id)
      const redact = of.kind === 'chosen' ? state().redactBy.md : true
      const result = await transport.invoke(INVOKE_CHANNELS.renderReport, { format: 'md', redact, lang, ...(diagnosis ? { diagnosis } : {}) })
      if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code })
      return { text: result.value.text, redact }
    },

    async downloadMarkdown(text, of) {
      const source = of.kind === 'chosen' ? state().source : of.diagnosis ? { kind: 'shown' as const, diagnosis: of.diagnosis } : null
      const at = source ? await runTime(source).catch(() => now()) : now()
      options.download(text, reportFileName('md', at), `${MIME.md};charset=utf-8`)
    },

    async saveShown(lang, diagnosis) {
      if (state().saving) return
      state().setSaving(true)
      state().setSaveNotice(null)
      const format = state().format
      const request = { format, redact: true, lang, diagnosis }
      try {
        if (options.nativeSave) {
          const result = await transport.invoke(INVOKE_CHANNELS.saveReport, request)
          if (result.ok && result.value.saved) return state().setSaveNotice({ kind: 'saved', path: result.value.path, redact: true })
          if (result.ok && result.value.reason === 'cancelled') return
          if (!result.ok && result.error.code === 'not-written') return state().setSaveNotice({ kind: 'failed', ...result.error })
        }
        const result = await transport.invoke(INVOKE_CHANNELS.renderReport, request)
        if (!result.ok) return state().setSaveNotice({ kind: 'failed', ...result.error })
        const name = reportFileName(format, await runTime({ kind: 'shown', diagnosis }))
        options.download(result.value.text, name, `${MIME[format]};charset=utf-8`)
        state().setSaveNotice({ kind: 'downloaded', name, redact: true })
      } catch (e) {
        state().setSaveNotice({ kind: 'failed', message: errorOf(e).message })
      } finally {
        state().setSaving(false)
      }
    },

    async savePdf(lang) {
      if (state().saving) return
      state().setSaving(true)
      state().setSaveNotice(null)
      try {
        const key = keyOf(lang)
        const diagnosis = key.source.kind === 'history' ? await diagnosisOf(key.source.id) : undefined
        const redact = pdfRedact(state())
        const request = { redact, lang, ...(diagnosis ? { diagnosis } : {}) }
        if (options.nativeSave) {
          const result = await transport.invoke(INVOKE_CHANNELS.saveReport, { format: 'pdf', ...request })
          if (!result.ok) state().setSaveNotice({ kind: 'failed', ...result.error })
          else if (result.value.saved) state().setSaveNotice({ kind: 'saved', path: result.value.path, redact })
          else if (result.value.reason !== 'cancelled') state().setSaveNotice({ kind: 'failed', message: result.value.reason ?? '' })
          return
        }
        // No printer in this front end: the core prints it with headless Chromium; the browser downloads it.
        const result = await transport.invoke(INVOKE_CHANNELS.renderPdf, request)
        if (!result.ok) return state().setSaveNotice({ kind: 'failed', ...result.error })
        const name = reportFileName('pdf', await runTime(key.source))
        options.download(bytesOfBase64(result.value.base64), name, 'application/pdf')
        state().setSaveNotice({ kind: 'downloaded', name, redact })
      } catch (e) {
        state().setSaveNotice({ kind: 'failed', message: errorOf(e).message })
      } finally {
        state().setSaving(false)
      }
    },

    async loadHistory() {
      state().historyLoading()
      const result = await transport.invoke(INVOKE_CHANNELS.listHistory)
      if (result.ok) state().setHistory(result.value)
      else state().setHistoryError(result.error)
    },

    async openHistory(id) {
      const seq = ++openSeq
      state().openLoading(id)
      try {
        const d = await diagnosisOf(id)
        if (seq === openSeq) state().setOpened(id, d)
      } catch (e) {
        if (seq === openSeq) state().setOpenedError(id, errorOf(e))
      }
    },

    async compareHistory() {
      const picked = state().picked
      if (picked.length !== 2) return
      // History ids start with the run's time, so the smaller one is the older run.
      const [a, b] = [...picked].sort()
      const seq = ++compareSeq
      state().comparisonLoading()
      const result = await transport.invoke(INVOKE_CHANNELS.compareHistory, a!, b!)
      if (seq !== compareSeq) return
      if (result.ok) state().setComparison(result.value)
      else state().setComparisonError(result.error)
    },

    async pickFleetFiles(files) {
      const read: FleetFile[] = await Promise.all(
        files.map(async (file): Promise<FleetFile> => {
          if (file.size > FLEET_MAX_BYTES) return { name: file.name, size: file.size, text: null, problem: 'too-large' }
          try {
            return { name: file.name, size: file.size, text: await options.readFile(file), problem: null }
          } catch {
            return { name: file.name, size: file.size, text: null, problem: 'unreadable' }
          }
        }),
      )
      state().setFleetFiles(read)
      await actions.mergeFleet()
    },

    async mergeFleet() {
      const sent = state().fleetFiles.filter((f) => f.text !== null)
      if (sent.length === 0) return
      const seq = ++fleetSeq
      if (sent.length > FLEET_MAX_REPORTS) {
        return state().setFleetError({ code: 'too-many', message: String(FLEET_MAX_REPORTS) })
      }
      if (sent.reduce((n, f) => n + f.text!.length, 0) > FLEET_MAX_REQUEST_CHARS) {
        return state().setFleetError({ code: 'too-large', message: String(Math.round(FLEET_MAX_REQUEST_CHARS / 1024 / 1024)) })
      }
      state().fleetLoading()
      const result = await transport.invoke(
        INVOKE_CHANNELS.mergeReports,
        sent.map((f) => f.text!),
      )
      if (seq !== fleetSeq) return
      if (result.ok) state().setFleet(result.value)
      else state().setFleetError(result.error)
    },
  }
  return actions
}
