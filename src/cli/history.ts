import type { HistoryEntry, SaveFailure, UnreadableEntry } from '../shared/history'
import type { HistoryStore } from '../core/domain/report/history/history-store'
import type { SettingsWarning } from '../core/domain/settings/settings-file'
import { historySettingsFile, openHistory } from '../core/app/open-history'
import type { CliContext } from './context'
import { join } from 'node:path'

/** A settings warning in the reader's language. */
export function settingsWarningLine(w: SettingsWarning, ctx: Pick<CliContext, 't'>): string {
  return w.kind === 'damaged-file' ? ctx.t('settings.damaged', { file: w.file, detail: w.detail }) : ctx.t('settings.badValue', { ...w })
}

/** The history the CLI shares with the app: the same folder under XDG / %APPDATA%, as many entries as the settings keep. */
export function cliHistory(ctx: Pick<CliContext, 'env' | 't' | 'say'>): HistoryStore {
  return openHistory({ env: ctx.env, onWarning: (w) => ctx.say(settingsWarningLine(w, ctx)) })
}

/** One unreadable entry: which, where and why. */
export function unreadableLine(e: UnreadableEntry, store: HistoryStore, ctx: Pick<CliContext, 't'>, key: 'history.skipped' | 'history.unreadable' = 'history.skipped'): string {
  const why = ctx.t(`history.damage.${e.damage}`) + (e.detail ? ` (${e.detail})` : '')
  return ctx.t(key, { id: e.id, why, file: join(store.dir, `${e.id}.json`) })
}

/** Says where a run was saved, what the history deleted to stay within its limit, or why it was not saved (a warning: saving never fails the run). */
export function reportSaved(result: { saved: HistoryEntry | null; saveError: SaveFailure | null; pruned: number; keeps: number }, ctx: CliContext): void {
  if (result.saved) ctx.say(ctx.t('history.saved', { id: result.saved.id }))
  if (result.pruned > 0) ctx.say(ctx.t('history.pruned', { count: result.pruned, keeps: result.keeps, file: historySettingsFile(ctx.env) }))
  if (result.saveError) ctx.say(ctx.t('history.saveFailed', { why: ctx.t(`history.why.${result.saveError.reason}`), path: result.saveError.path }))
}
