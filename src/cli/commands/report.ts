import { existsSync } from 'node:fs'
import { basename } from 'node:path'

import { readTextInput } from '../../core/platform/files/read-input'
import { checkOutputTarget, writeOutputFile } from '../../core/platform/files/write-output'
import { collectReport } from '../../core/app/collect-report'
import { defaultPython } from '../../core/app/default-python'
import { reportDocument } from '../../core/app/report-document'
import { cliHistory, reportSaved, unreadableLine } from '../history'
import {
  compareDiagnoses,
  fleetRejectReason,
  diagnosisOf,
  htmlToPdf,
  mergeReports,
  NoChromiumError,
  parseReportInput,
  renderComparisonMarkdown,
  renderFleetHtml,
  renderFleetMarkdown,
  reportTranslator,
} from '../../core/domain/report'
import type { HistoryStore } from '../../core/domain/report/history/history-store'
import { HistoryEntryNotFoundError, HistoryEntryUnreadableError } from '../../core/domain/report/history/entry-damage'
import type { Diagnosis } from '../../shared/diagnosis'
import { FLEET_MAX_BYTES, MAX_REPORT_JSON } from '../../shared/constants'
import { HistoryIdSchema } from '../../shared/history'
import type { Report } from '../../shared/report'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { cleanDocument } from '../../shared/control-text'

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

/** A report or diagnosis file: at most MAX_REPORT_JSON, not empty, not binary (else exit 2). */
function readText(file: string, maxBytes = MAX_REPORT_JSON): Promise<string> {
  return readTextInput(file, maxBytes)
}

/** A saved report or diagnosis file, or a history id. */
async function loadDiagnosis(arg: string, store: HistoryStore, ctx: CliContext): Promise<{ id: string | null; diagnosis: Diagnosis }> {
  if (!existsSync(arg) && HistoryIdSchema.safeParse(arg).success) {
    try {
      return { id: arg, diagnosis: await store.load(arg) }
    } catch (error) {
      if (error instanceof HistoryEntryUnreadableError) throw new CliError(unreadableLine(error.entry, store, ctx, 'history.unreadable'), EXIT_USAGE)
      if (error instanceof HistoryEntryNotFoundError) throw new CliError(ctx.t('history.notFound', { id: arg }), EXIT_USAGE)
      throw new CliError(ctx.t('error.unparseable', { file: arg, reason: error instanceof Error ? error.message : String(error) }), EXIT_USAGE)
    }
  }
  const text = await readText(arg)
  try {
    const diagnosis = diagnosisOf(parseReportInput(text))
    if (diagnosis) return { id: null, diagnosis }
    throw new Error('the report has no diagnosis')
  } catch (error) {
    throw new CliError(ctx.t('error.unparseable', { file: arg, reason: error instanceof Error ? error.message : String(error) }), EXIT_USAGE)
  }
}

/**
 * Writes the document to stdout or -o FILE (temporary file, checked, renamed) and only then says so:
 * a failed write is the one line printed (exit 3), before any note about the document.
 */
async function emit(raw: string, format: 'md' | 'html' | 'json', output: string | undefined, ctx: CliContext, notes: string[] = []): Promise<void> {
  // What a file gets is what the terminal would show: no escape sequences or bidi overrides.
  const text = cleanDocument(raw, format)
  if (output === undefined) {
    ctx.stdout.write(text)
    await ctx.flushStdout()
  } else {
    await writeOutputFile(output, text)
  }
  for (const note of notes) ctx.stderr.write(`${note}\n`)
  if (output !== undefined) ctx.stderr.write(`${ctx.t('report.wrote', { file: output })}\n`)
}

async function compareCommand(files: string[], format: Format, output: string | undefined, store: HistoryStore, ctx: CliContext): Promise<number> {
  if (files.length !== 2) throw new CliError(ctx.t('report.compareArgs'), EXIT_USAGE)
  if (format !== 'md' && format !== 'json') throw new CliError(ctx.t('report.formatFor', { format, mode: '--compare', formats: 'md, json' }), EXIT_USAGE)
  if (output !== undefined) await checkOutputTarget(output)
  const [a, b] = [await loadDiagnosis(files[0]!, store, ctx), await loadDiagnosis(files[1]!, store, ctx)]
  const comparison = compareDiagnoses({ ...a, label: a.id ?? basename(files[0]!) }, { ...b, label: b.id ?? basename(files[1]!) })
  await emit(format === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparisonMarkdown(comparison, ctx.lang), format, output, ctx)
  return EXIT_OK
}

async function mergeCommand(files: string[], format: Format, output: string | undefined, ctx: CliContext): Promise<number> {
  if (files.length === 0) throw new CliError(ctx.t('report.mergeArgs'), EXIT_USAGE)
  if (format === 'pdf') throw new CliError(ctx.t('report.formatFor', { format, mode: '--merge', formats: 'md, html, json' }), EXIT_USAGE)
  if (output !== undefined) await checkOutputTarget(output)
  const inputs = await Promise.all(files.map(async (file) => ({ name: basename(file).replace(/\.json$/i, ''), text: await readText(file, FLEET_MAX_BYTES) })))
  const table = mergeReports(inputs)
  for (const r of table.rejected) ctx.stderr.write(`${ctx.t('error.unparseable', { file: files[r.index] ?? r.name, reason: fleetRejectReason(r, reportTranslator(ctx.lang)) })}\n`)
  const text = format === 'json' ? `${JSON.stringify(table, null, 2)}\n` : format === 'html' ? renderFleetHtml(table, ctx.lang) : renderFleetMarkdown(table, ctx.lang)
  await emit(text, format as 'md' | 'html' | 'json', output, ctx)
  return EXIT_OK
}

/** The report object: from a saved report as it is, else this machine's facts around a diagnosis. */
async function makeReport(values: { from?: string; latest?: boolean; python?: string; 'no-save'?: boolean; 'nvidia-smi'?: string }, store: HistoryStore, ctx: CliContext): Promise<Report> {
  let diagnosis: Diagnosis | null = null
  let source: Report['diagnosisSource'] = null
  if (values.from !== undefined) {
    const text = await readText(values.from)
    let input
    try {
      input = parseReportInput(text)
    } catch (error) {
      throw new CliError(ctx.t('error.unparseable', { file: values.from, reason: error instanceof Error ? error.message : String(error) }), EXIT_USAGE)
    }
    if (input.kind === 'report') return input.report
    diagnosis = input.diagnosis
    source = 'file'
  } else if (values.latest) {
    const { found, skipped } = await store.latest()
    for (const entry of skipped) ctx.stderr.write(`${unreadableLine(entry, store, ctx)}\n`)
    if (!found) throw new CliError(skipped.length ? ctx.t('history.noneReadable', { count: skipped.length }) : ctx.t('report.noHistory'), EXIT_USAGE)
    if (skipped.length) ctx.stderr.write(`${ctx.t('history.usingLatest', { id: found.id })}\n`)
    diagnosis = found.diagnosis
    source = 'history'
  }
  const python = diagnosis ? null : await defaultPython({ explicit: values.python, env: ctx.env })
  if (!diagnosis && !python) ctx.stderr.write(`${ctx.t('report.noPython')}\n`)
  if (python) ctx.stderr.write(`${ctx.t('diagnose.using', { python })}\n`)
  let lastStep: string | null = null
  const report = await collectReport({
    diagnosis,
    diagnosisSource: source,
    python,
    nvidiaSmiPath: values['nvidia-smi'],
    env: ctx.env,
    signal: ctx.signal,
    onProgress: (p) => {
      if (p.stage === 'sample' || !p.step || p.step === lastStep) return
      lastStep = p.step
      ctx.stderr.write(`  … ${ctx.t(`step.${p.step}`)}\n`)
    },
    history: values['no-save'] ? null : store,
    onSaved: (result) => reportSaved(result, ctx),
  })
  return report
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
  if (values.compare) return compareCommand(positionals, format, values.output, store, ctx)
  if (values.merge) return mergeCommand(positionals, format, values.output, ctx)
  if (positionals.length > 0) throw new CliError(ctx.t('error.badOption', { message: `unexpected argument "${positionals[0]}"` }), EXIT_USAGE)
  // A folder, a missing folder or no permission: said first, before a diagnosis runs (exit 3).
  const file = format === 'pdf' ? (values.output ?? 'gpu-doctor-report.pdf') : values.output
  if (file !== undefined) await checkOutputTarget(file)

  const report = await makeReport(values, store, ctx)
  const redact = values['no-redact'] ? false : values.redact ? true : format !== 'json'
  const { text, masked } = reportDocument(report, { format: format === 'pdf' ? 'html' : format, lang: ctx.lang, redact, env: ctx.env })
  const notes = masked.length ? [ctx.t('report.masked', { count: masked.length, kinds: [...new Set(masked.map((m) => m.kind))].join(', ') })] : []
  if (format !== 'pdf') {
    await emit(text, format, file, ctx, notes)
    return EXIT_OK
  }
  try {
    // Chromium prints to a temporary file that replaces `file` only once it is a PDF.
    await htmlToPdf(text, file!, { env: ctx.env, signal: ctx.signal })
  } catch (error) {
    if (error instanceof NoChromiumError) throw new CliError(ctx.t('report.noChromium'), EXIT_ENVIRONMENT)
    throw error
  }
  for (const note of notes) ctx.stderr.write(`${note}\n`)
  ctx.stderr.write(`${ctx.t('report.wrote', { file })}\n`)
  return EXIT_OK
}
