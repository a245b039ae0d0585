import { historyDir } from '../report/history/data-dir'
import { HistoryStore } from '../report/history/history-store'
import { readSettings, type SettingsWarning } from './settings-file'

/**
 * The history under a data directory, keeping as many entries as the settings say (read anew on
 * each save and listing, so an edit applies without a restart). Each distinct settings warning is
 * passed to `onWarning` once.
 */
export function historyWithSettings(dataDir: string, env: NodeJS.ProcessEnv, onWarning?: (warning: SettingsWarning) => void): HistoryStore {
  const said = new Set<string>()
  return new HistoryStore(historyDir(dataDir), async () => {
    const { settings, warnings } = await readSettings(dataDir, env)
    for (const w of warnings) {
      const key = JSON.stringify(w)
      if (said.has(key)) continue
      said.add(key)
      onWarning?.(w)
    }
    return settings.historyLimit
  })
}
