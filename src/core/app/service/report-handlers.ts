import type { Diagnosis } from '../../../shared/diagnosis'
import type { Comparison, HistoryListing } from '../../../shared/history'
import type { FleetTable } from '../../../shared/fleet'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { RenderedPdf, RenderedReport, ReportFormat, ReportLang } from '../../../shared/report'
import { collectReport } from '../collect-report'
import { compareDiagnoses } from '../../domain/report/history/compare-diagnoses'
import { mergeReports } from '../../domain/report/fleet/merge-reports'
import { openHistory } from '../open-history'
import { settingsWarningText, type SettingsWarning } from '../../domain/settings/settings-file'
import { htmlToPdf } from '../../domain/report/rendering/pdf'
import { reportDocument } from '../report-document'
import { SampleHistory } from '../../domain/report/monitor-summary'

export interface ReportHandlerOptions {
  /** The app's data directory (Electron: app.getPath('userData')); else the XDG / %APPDATA% default. */
  dataDir?: string
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  /** A damaged settings file or a bad value, replaced by its default (default: a line on stderr). */
  onSettingsWarning?: (warning: SettingsWarning) => void
}

/**
 * The core service's report, history and fleet requests (arguments already validated by the
 * contract), plus the monitor samples and the history they draw on.
 */
export function createReportHandlers(options: ReportHandlerOptions) {
  const env = options.env ?? process.env
  const onWarning = options.onSettingsWarning ?? ((w: SettingsWarning) => process.stderr.write(`gpu-doctor: ${settingsWarningText(w)}\n`))
  const history = openHistory({ dataDir: options.dataDir, env, onWarning })
  const samples = new SampleHistory()

  const render = async (req: { format: ReportFormat; redact: boolean; lang: ReportLang; diagnosis?: Diagnosis }): Promise<RenderedReport> => {
    const latest = req.diagnosis ? null : (await history.latest()).found
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
    render,
    pdf,
    listHistory: (): Promise<HistoryListing> => history.list(),
    loadHistory: (id: string): Promise<Diagnosis> => history.load(id),
    compare,
    merge: async (texts: string[]): Promise<FleetTable> => mergeReports(texts.map((text) => ({ name: null, text }))),
  }
}
