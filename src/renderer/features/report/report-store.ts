import { createStore } from 'zustand/vanilla'

import type { IpcError } from '../../../shared/contract'
import type { Diagnosis } from '../../../shared/diagnosis'
import type { FleetTable } from '../../../shared/fleet'
import type { Comparison, HistoryEntry, HistoryListing, UnreadableEntry } from '../../../shared/history'
import type { MaskedValue, ReportFormat, ReportLang } from '../../../shared/report'
import { type Async, failed, idle, loaded, loading } from '../../stores/async'

/** What a report is about: the latest saved diagnosis (the core's default), or one from the history. */
export type ReportSource = { kind: 'latest' } | { kind: 'history'; id: string }

export interface PreviewKey {
  format: ReportFormat
  redact: boolean
  lang: ReportLang
  source: ReportSource
}

export interface Preview extends PreviewKey {
  /** The document a save writes (Markdown, HTML or JSON source). */
  text: string
  /** The same report as HTML, for the rendered preview: the text itself for HTML, a second rendering for Markdown, none for JSON. */
  html: string | null
  masked: MaskedValue[]
}

/** What the last save did; a failure keeps the core's error code where it has one (no-chromium). */
export type SaveNotice =
  | { kind: 'downloaded'; name: string; redact: boolean }
  | { kind: 'saved'; path: string | null; redact: boolean }
  | { kind: 'failed'; message: string; code?: string; details?: Record<string, string> }

/** A report file picked for the fleet table, read in the page (never a path). */
export interface FleetFile {
  name: string
  size: number
  text: string | null
  /** Why it is not sent: too large, unreadable. */
  problem: string | null
}

export interface ReportStoreState {
  format: ReportFormat
  /** Whether the report of the chosen format is masked: `redactBy[format]`. */
  redact: boolean
  /** Masking per format: each report is masked until the user unticks it for that very format. */
  redactBy: Record<ReportFormat, boolean>
  source: ReportSource
  preview: Async<Preview>
  saving: boolean
  saveNotice: SaveNotice | null
  history: Async<HistoryEntry[]>
  /** Saved diagnoses that could not be read (damaged files), named with why; not in `history`. */
  historyUnreadable: UnreadableEntry[]
  /** How many diagnoses the history keeps (its setting); null until listed. */
  historyKeeps: number | null
  /** The history entry opened for reading. */
  opened: { id: string } & Async<Diagnosis>
  /** Ids ticked for comparison, at most two, in the order ticked. */
  picked: string[]
  comparison: Async<Comparison>
  fleetFiles: FleetFile[]
  fleet: Async<FleetTable>

  /** Shows the format with its own masking choice: unticking one format never unmasks another. */
  setFormat(format: ReportFormat): void
  /** Masks or unmasks the report of the chosen format only. */
  setRedact(redact: boolean): void
  setSource(source: ReportSource): void
  previewLoading(): void
  setPreview(preview: Preview): void
  setPreviewError(error: IpcError): void
  setSaving(saving: boolean): void
  setSaveNotice(notice: SaveNotice | null): void
  historyLoading(): void
  setHistory(listing: HistoryListing): void
  setHistoryError(error: IpcError): void
  openLoading(id: string): void
  setOpened(id: string, diagnosis: Diagnosis): void
  setOpenedError(id: string, error: IpcError): void
  closeOpened(): void
  togglePick(id: string): void
  comparisonLoading(): void
  setComparison(c: Comparison): void
  setComparisonError(error: IpcError): void
  setFleetFiles(files: FleetFile[]): void
  fleetLoading(): void
  setFleet(table: FleetTable): void
  setFleetError(error: IpcError): void
}

/** Every report is masked until its user unmasks it (JSON too: untick it for a fleet merge named by host names). */
export const defaultRedact = (_format: ReportFormat): boolean => true

/** The PDF prints the report previewed (Markdown or HTML) with its masking; beside JSON it is a report of its own, masked. */
export const pdfRedact = (state: Pick<ReportStoreState, 'format' | 'redact'>): boolean => (state.format === 'json' ? true : state.redact)

export const sameSource = (a: ReportSource, b: ReportSource): boolean => a.kind === b.kind && (a.kind === 'latest' || a.id === (b as { id: string }).id)

/** Whether a preview shows exactly what these options would render. */
export const previewMatches = (p: Preview | null, k: PreviewKey): boolean =>
  p !== null && p.format === k.format && p.redact === k.redact && p.lang === k.lang && sameSource(p.source, k.source)

export function createReportStore() {
  return createStore<ReportStoreState>()((set, get) => ({
    format: 'md',
    redact: true,
    redactBy: { md: defaultRedact('md'), html: defaultRedact('html'), json: defaultRedact('json') },
    source: { kind: 'latest' },
    preview: idle(),
    saving: false,
    saveNotice: null,
    history: idle(),
    historyUnreadable: [],
    historyKeeps: null,
    opened: { id: '', ...idle() },
    picked: [],
    comparison: idle(),
    fleetFiles: [],
    fleet: idle(),

    setFormat: (format) => set({ format, redact: get().redactBy[format], saveNotice: null }),
    setRedact: (redact) => set({ redact, redactBy: { ...get().redactBy, [get().format]: redact }, saveNotice: null }),
    setSource: (source) => set({ source, saveNotice: null }),
    previewLoading: () => set({ preview: loading(get().preview) }),
    setPreview: (preview) => set({ preview: loaded(preview) }),
    setPreviewError: (error) => set({ preview: failed(get().preview, error) }),
    setSaving: (saving) => set({ saving }),
    setSaveNotice: (saveNotice) => set({ saveNotice }),

    historyLoading: () => set({ history: loading(get().history) }),
    setHistory: ({ entries, unreadable, keeps }) => {
      // Ticks and the report source of entries that are gone (pruned) go too.
      const ids = new Set(entries.map((e) => e.id))
      const source = get().source
      set({
        history: loaded(entries),
        historyUnreadable: unreadable,
        historyKeeps: keeps,
        picked: get().picked.filter((id) => ids.has(id)),
        ...(source.kind === 'history' && !ids.has(source.id) ? { source: { kind: 'latest' } as const } : {}),
      })
    },
    setHistoryError: (error) => set({ history: failed(get().history, error) }),
    openLoading: (id) => set({ opened: { id, value: get().opened.id === id ? get().opened.value : null, error: null, loading: true } }),
    setOpened: (id, diagnosis) => {
      if (get().opened.id === id) set({ opened: { id, ...loaded(diagnosis) } })
    },
    setOpenedError: (id, error) => {
      if (get().opened.id === id) set({ opened: { id, ...failed(get().opened, error) } })
    },
    closeOpened: () => set({ opened: { id: '', ...idle() } }),
    togglePick: (id) => {
      const picked = get().picked
      if (picked.includes(id)) return set({ picked: picked.filter((p) => p !== id) })
      // A third tick replaces the older of the two.
      set({ picked: [...picked, id].slice(-2) })
    },
    comparisonLoading: () => set({ comparison: loading(get().comparison) }),
    setComparison: (c) => set({ comparison: loaded(c) }),
    setComparisonError: (error) => set({ comparison: failed(get().comparison, error) }),

    setFleetFiles: (fleetFiles) => set({ fleetFiles, fleet: idle() }),
    fleetLoading: () => set({ fleet: loading(get().fleet) }),
    setFleet: (table) => set({ fleet: loaded(table) }),
    setFleetError: (error) => set({ fleet: failed(get().fleet, error) }),
  }))
}

export type ReportStore = ReturnType<typeof createReportStore>
