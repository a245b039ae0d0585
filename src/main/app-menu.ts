// The native menu (File → Export report, Help → About) and the About box's text. Electron is only
// a type here, so both are unit-tested without it.
import type { MenuItemConstructorOptions } from 'electron'

import type { DataTableVersion } from '../shared/report'
import type { DesktopKey } from '../shared/i18n/desktop'

export type DesktopT = (key: DesktopKey, params?: Record<string, string>) => string

export interface MenuActions {
  exportReport(): void
  showAbout(): void
}

export function appMenuTemplate(t: DesktopT, actions: MenuActions): MenuItemConstructorOptions[] {
  return [
    {
      label: t('menu.file'),
      submenu: [
        { id: 'export-report', label: t('menu.exportReport'), accelerator: 'CmdOrCtrl+E', click: () => actions.exportReport() },
        { type: 'separator' },
        { label: t('menu.quit'), role: 'quit' },
      ],
    },
    {
      label: t('menu.edit'),
      submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
    },
    {
      label: t('menu.view'),
      submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { label: t('menu.help'), submenu: [{ id: 'about', label: t('menu.about'), click: () => actions.showAbout() }] },
  ]
}

export interface AboutFacts {
  readonly appVersion: string
  /** process.versions: electron, chrome, node. */
  readonly versions: Readonly<Record<string, string | undefined>>
  readonly dataTables: readonly DataTableVersion[]
}

/** The About box: title line, then runtime and data-table versions (their versions are dates). */
export function aboutText(t: DesktopT, facts: AboutFacts): { title: string; message: string; detail: string } {
  const runtime = t('about.runtime', {
    electron: facts.versions['electron'] ?? '?',
    chrome: facts.versions['chrome'] ?? '?',
    node: facts.versions['node'] ?? '?',
  })
  const tables =
    facts.dataTables.length === 0
      ? [t('about.noDataTables')]
      : [t('about.dataTables'), ...facts.dataTables.map((table) => `  ${table.name}: ${table.dataVersion}`)]
  return { title: t('about.title'), message: t('about.message', { version: facts.appVersion }), detail: [runtime, '', ...tables].join('\n') }
}
