import type { HistoryStore } from '../../core/domain/report/history/history-store'
import type { SavedRunsComparison } from '../../core/app/compare-saved-runs'
import { checkOutputTarget, writeOutputFile } from '../../core/app/output-file'
import { assembleReport } from '../../core/app/assemble-report'
import { compareSavedRuns } from '../../core/app/compare-saved-runs'
import { renderComparisonMarkdown } from '../../core/app/comparison-markdown'
import { fleetRejectReason, renderFleetDocument, reportTranslator } from '../../core/app/fleet-texts'
import { mergeReportFiles } from '../../core/app/merge-report-files'
import { reportDocument } from '../../core/app/report-document'
import { htmlToPdf } from '../../core/app/report-pdf'
import { NoChromiumError } from '../../core/app/errors'
import { cliHistory, reportSaved, unreadableLine } from '../history'
import type { Report } from '../../shared/report'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { cleanDocument } from '../../shared/control-text'
import { renderMarkdownForTerminal } from '../render/markdown-view'

export const REPORT_OPTIONS = {
  format: { type: 'string' },
  output: { type: 'string', short: 'o' },
  redact: { type: 'boolean' },
  'no-redact': { type: 'boolean' },
  from: { type: 'string' },
  latest: { type: 'boolean' },
  python: { type: 'string' },
  compare: { type: 'boolean' },
  merge: { type: 'boolean' },
  'no-save': { type: 'boolean' },
} as const

const FORMATS = ['md', 'html', 'json', 'pdf'] as const
type Format = (typeof FORMATS)[number]

/** Why one side of --compare could not be loaded, as a usage error. */
function loadError(failure: Exclude<SavedRunsComparison, { ok: true }>, store: HistoryStore, ctx: CliContext): CliError {
  if (failure.problem === 'unreadable-entry') return new CliError(unreadableLine(failure.entry, store, ctx, 'history.unreadable'), EXIT_USAGE)
  if (failure.problem === 'not-found') return new CliError(ctx.t('history.notFound', { id: failure.arg }), EXIT_USAGE)
  return new CliError(ctx.t('error.unparseable', { file: failure.arg, reason: failure.detail }), EXIT_USAGE)
}

/**
 * Writes the document to stdout or -o FILE (temporary file, checked, renamed) and only then says so:
 * a failed write is the one line printed (exit 3), before any note about the document.
 */
async function emit(raw: string, format: 'md' | 'html' | 'json', output: string | undefined, ctx: CliContext, notes: string[] = [], forReading = false): Promise<void> {
  // What a file gets is what the terminal would show: no escape sequences or bidi overrides.
  const text = cleanDocument(raw, format)
  if (output === undefined && forReading && format === 'md' && ctx.stdout.isTTY === true) {
    // Markdown is for a file or an issue; a person at a terminal gets it laid out to read, and how to get the file.
    ctx.print(renderMarkdownForTerminal(text, ctx.style, ctx.width))
    await ctx.flushStdout()
    notes = [...notes, ctx.t('report.forReading')]
  } else if (output === undefined) {
    ctx.stdout.write(text)
    await ctx.flushStdout()
  } else {
    await writeOutputFile(output, text)
  }
  for (const note of notes) ctx.say(note)
  if (output !== undefined) ctx.say(ctx.t('report.wrote', { file: output }))
}

async function compareCommand(files: string[], format: Format, output: string | undefined, store: HistoryStore, ctx: CliContext, forReading: boolean): Promise<number> {
  if (files.length !== 2) throw new CliError(ctx.t('report.compareArgs'), EXIT_USAGE)
  if (format !== 'md' && format !== 'json') throw new CliError(ctx.t('report.formatFor', { format, mode: '--compare', formats: 'md, json' }), EXIT_USAGE)
  if (output !== undefined) await checkOutputTarget(output)
  const compared = await compareSavedRuns(files[0]!, files[1]!, store)
  if (!compared.ok) throw loadError(compared, store, ctx)
  const { comparison } = compared
  await emit(format === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparisonMarkdown(comparison, ctx.lang), format, output, ctx, [], forReading)
  return EXIT_OK
}

async function mergeCommand(files: string[], format: Format, output: string | undefined, ctx: CliContext, forReading: boolean): Promise<number> {
  if (files.length === 0) throw new CliError(ctx.t('report.mergeArgs'), EXIT_USAGE)
  if (format === 'pdf') throw new CliError(ctx.t('report.formatFor', { format, mode: '--merge', formats: 'md, html, json' }), EXIT_USAGE)
  if (output !== undefined) await checkOutputTarget(output)
  const table = await mergeReportFiles(files)
  for (const r of table.rejected) ctx.say(ctx.t('error.unparseable', { file: files[r.index] ?? r.name, reason: fleetRejectReason(r, reportTranslator(ctx.lang)) }))
  await emit(renderFleetDocument(table, format, ctx.lang), format, output, ctx, [], forReading)
  return EXIT_OK
}

/** The report object: from a saved report as it is, else this machine's facts around a diagnosis. */
async function makeReport(values: { from?: string; latest?: boolean; python?: string; 'no-save'?: boolean; 'nvidia-smi'?: string }, store: HistoryStore, ctx: CliContext): Promise<Report> {
  let lastStep: string | null = null
  const assembled = await assembleReport({
    diagnosis: values.from !== undefined ? { from: 'file', file: values.from } : values.latest ? { from: 'latest' } : { from: 'run', python: values.python },
    history: store,
    save: !values['no-save'],
    nvidiaSmiPath: values['nvidia-smi'],
    env: ctx.env,
    signal: ctx.signal,
    onHistoryRead: ({ skipped, usedId }) => {
      for (const entry of skipped) ctx.say(unreadableLine(entry, store, ctx))
      if (usedId !== null && skipped.length) ctx.say(ctx.t('history.usingLatest', { id: usedId }))
    },
    onPython: (python) => ctx.say(python === null ? ctx.t('report.noPython') : ctx.t('diagnose.using', { python })),
    onProgress: (p) => {
      if (p.stage === 'sample' || !p.step || p.step === lastStep) return
      lastStep = p.step
      ctx.stderr.write(`  … ${ctx.t(`step.${p.step}`)}\n`)
    },
    onSaved: (result) => reportSaved(result, ctx),
  })
  if (assembled.ok) return assembled.report
  if (assembled.problem === 'unparseable') throw new CliError(ctx.t('error.unparseable', { file: values.from, reason: assembled.detail }), EXIT_USAGE)
  throw new CliError(assembled.skipped ? ctx.t('history.noneReadable', { count: assembled.skipped }) : ctx.t('report.noHistory'), EXIT_USAGE)
}

/**
 * `gpu-doctor report [--format md|html|json|pdf] [-o FILE] [--redact|--no-redact] [--from FILE | --latest]`,
 * `report --compare A B` and `report --merge FILES...`. Exit 0 once the document is written.
 */
export async function reportCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseOptions(args, REPORT_OPTIONS)
  const format = (values.format ?? 'md') as Format
  if (!(FORMATS as readonly string[]).includes(format)) throw new CliError(ctx.t('report.badFormat', { value: values.format }), EXIT_USAGE)
  const store = cliHistory(ctx)
  // Laid out for reading on a terminal, unless Markdown was asked for by name.
  const forReading = values.format === undefined
  if (values.compare) return compareCommand(positionals, format, values.output, store, ctx, forReading)
  if (values.merge) return mergeCommand(positionals, format, values.output, ctx, forReading)
  if (positionals.length > 0) throw new CliError(ctx.t('error.badOption', { message: `unexpected argument "${positionals[0]}"` }), EXIT_USAGE)
  // A folder, a missing folder or no permission: said first, before a diagnosis runs (exit 3).
  const file = format === 'pdf' ? (values.output ?? 'gpu-doctor-report.pdf') : values.output
  if (file !== undefined) await checkOutputTarget(file)

  const report = await makeReport(values, store, ctx)
  const redact = values['no-redact'] ? false : values.redact ? true : format !== 'json'
  const { text, masked } = reportDocument(report, { format: format === 'pdf' ? 'html' : format, lang: ctx.lang, redact, env: ctx.env })
  const notes = masked.length ? [ctx.t('report.masked', { count: masked.length, kinds: [...new Set(masked.map((m) => m.kind))].join(', ') })] : []
  if (format !== 'pdf') {
    await emit(text, format, file, ctx, notes, forReading)
    return EXIT_OK
  }
  try {
    // Chromium prints to a temporary file that replaces `file` only once it is a PDF.
    await htmlToPdf(text, file!, { env: ctx.env, signal: ctx.signal })
  } catch (error) {
    if (error instanceof NoChromiumError) throw new CliError(ctx.t('report.noChromium'), EXIT_ENVIRONMENT)
    throw error
  }
  for (const note of notes) ctx.say(note)
  ctx.say(ctx.t('report.wrote', { file }))
  return EXIT_OK
}
