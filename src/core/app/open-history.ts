import { defaultDataDir } from '../domain/report/history/data-dir'
import type { HistoryStore } from '../domain/report/history/history-store'
import { historyWithSettings } from '../domain/settings/history-with-settings'
import { settingsFile, type SettingsWarning } from '../domain/settings/settings-file'

/**
 * The diagnosis history every front end shares: under `dataDir` (the app's own folder), else the
 * CLI's XDG / %APPDATA% folder, keeping as many entries as its settings say.
 */
export function openHistory(options: { dataDir?: string; env: NodeJS.ProcessEnv; onWarning?: (warning: SettingsWarning) => void }): HistoryStore {
  return historyWithSettings(options.dataDir ?? defaultDataDir(options.env), options.env, options.onWarning)
}

/** The settings file of the history `openHistory` opens without a `dataDir` (where its limit is set). */
export function historySettingsFile(env: NodeJS.ProcessEnv): string {
  return settingsFile(defaultDataDir(env))
}
