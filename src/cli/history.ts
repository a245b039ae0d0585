import type { HistoryEntry } from '../shared/history'
import { defaultDataDir, historyDir } from '../core/report/history/data-dir'
import { HistoryStore } from '../core/report/history/history-store'
import type { CliContext } from './context'

/** The history the CLI shares with the app: the same folder under XDG / %APPDATA%. */
export function cliHistory(ctx: Pick<CliContext, 'env'>): HistoryStore {
  return new HistoryStore(historyDir(defaultDataDir(ctx.env)))
}

/** Says where a run was saved, or why it was not (a warning: saving never fails the run). */
export function reportSaved(saved: HistoryEntry | null, saveError: string | null, ctx: CliContext): void {
  if (saved) ctx.stderr.write(`${ctx.t('report.saved', { id: saved.id })}\n`)
  if (saveError) ctx.stderr.write(`${ctx.t('report.saveFailed', { reason: saveError })}\n`)
}
