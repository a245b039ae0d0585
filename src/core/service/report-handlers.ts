import type { Diagnosis } from '../../shared/diagnosis'
import type { Comparison, HistoryEntry } from '../../shared/history'
import type { FleetTable } from '../../shared/fleet'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { RenderedPdf, RenderedReport, ReportFormat, ReportLang } from '../../shared/report'
import { collectReport } from '../use-cases/collect-report'
import { compareDiagnoses } from '../report/history/compare-diagnoses'
import { defaultDataDir, historyDir } from '../report/history/data-dir'
import { mergeReports } from '../report/fleet/merge-reports'
import { HistoryStore } from '../report/history/history-store'
import { htmlToPdf } from '../report/rendering/pdf'
import { reportDocument } from '../use-cases/report-document'
import { SampleHistory } from '../report/monitor-summary'

export interface ReportHandlerOptions {
  /** The app's data directory (Electron: app.getPath('userData')); else the XDG / %APPDATA% default. */
  dataDir?: string
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
}

/**
 * The core service's report, history and fleet requests (arguments already validated by the
 * contract), plus the monitor samples and the history they draw on.
 */
export function createReportHandlers(options: ReportHandlerOptions) {
  const env = options.env ?? process.env
  const history = new HistoryStore(historyDir(options.dataDir ?? defaultDataDir(env)))
  const samples = new SampleHistory()

  const render = async (req: { format: ReportFormat; redact: boolean; lang: ReportLang; diagnosis?: Diagnosis }): Promise<RenderedReport> => {
    const latest = req.diagnosis ? null : await history.latest()
    const report = await collectReport({
      diagnosis: req.diagnosis ?? latest?.diagnosis ?? null,
      diagnosisSource: req.diagnosis ? 'app' : 'history',
      nvidiaSmiPath: options.nvidiaSmiPath,
      env,
      monitorSamples: samples.samples(),
    })
    return reportDocument(report, { ...req, env })
  }

  /** The HTML report printed by headless Chromium (NoChromiumError, code 'no-chromium', when there is none). */
  const pdf = async (req: { redact: boolean; lang: ReportLang; diagnosis?: Diagnosis }): Promise<RenderedPdf> => {
    const { text, masked } = await render({ ...req, format: 'html' })
    const dir = await mkdtemp(join(tmpdir(), 'gpu-doctor-report-pdf-'))
    try {
      const file = join(dir, 'report.pdf')
      await htmlToPdf(text, file, { env })
      const bytes = await readFile(file)
      return { base64: bytes.toString('base64'), bytes: bytes.length, masked }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  const compare = async (idA: string, idB: string): Promise<Comparison> => {
    const [a, b] = await Promise.all([history.load(idA), history.load(idB)])
    return compareDiagnoses({ id: idA, label: idA, diagnosis: a }, { id: idB, label: idB, diagnosis: b })
  }

  return {
    history,
    samples,
    /** Saves a finished diagnosis; a failure to save must not fail the run, so it only resolves. */
    saveDiagnosis: async (diagnosis: Diagnosis): Promise<HistoryEntry | null> => history.save(diagnosis).catch(() => null),
    render,
    pdf,
    listHistory: (): Promise<HistoryEntry[]> => history.list(),
    loadHistory: (id: string): Promise<Diagnosis> => history.load(id),
    compare,
    merge: async (texts: string[]): Promise<FleetTable> => mergeReports(texts.map((text) => ({ name: null, text }))),
  }
}
