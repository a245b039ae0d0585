// Composition root of the Electron app: lifecycle only; everything testable lives elsewhere.
import { join } from 'node:path'

import { app, BrowserWindow as ElectronWindow, dialog, ipcMain, Menu, screen, session, shell } from 'electron'
import type { BrowserWindow } from 'electron'

import { dataTableVersions } from '../core/app/data-versions'
import { createCoreService } from '../core/app/service/core-service'
import { INVOKE_CHANNELS } from '../shared/channels'
import { desktopEn, desktopZh, type DesktopKey } from '../shared/i18n/desktop'
import { isLanguage, type Language } from '../shared/i18n/languages'
import { createI18nInstance } from '../shared/i18n/setup'
import { GPU_DOCTOR_VERSION } from '../shared/version'
import { aboutText, appMenuTemplate } from './app-menu'
import { handleAppProtocol, registerAppScheme } from './app-protocol'
import { APP_ENTRY_URL, devServerUrl, trustedOrigins } from './app-url'
import { createOpenExternal } from './external-links'
import { registerIpc } from './ipc'
import { createSaveDocument, printHtmlToPdf } from './save-document'
import { onceWithDeadline } from './shutdown'
import { TrustedContents } from './trusted-contents'
import { createMainWindow, denyAllPermissions } from './window'
import { placeWindow } from './window-bounds'
import { loadWindowState, saveWindowState } from './window-state-file'
import { createConfirmInterpreter } from './confirm-interpreter'

const SHUTDOWN_TIMEOUT_MS = 5_000

// Tests run several instances side by side: each needs its own profile, hence its own lock.
const userDataDir = process.env['GPU_DOCTOR_USER_DATA_DIR']
if (userDataDir !== undefined && userDataDir !== '') app.setPath('userData', userDataDir)

registerAppScheme()

if (app.requestSingleInstanceLock()) {
  start()
} else {
  app.quit()
}

function start(): void {
  const devUrl = devServerUrl(app.isPackaged, process.env['ELECTRON_RENDERER_URL'])
  const allowedOrigins = trustedOrigins(devUrl)
  const trusted = new TrustedContents()
  const lang = menuLanguage()
  const i18n = createI18nInstance({ lng: lang, own: { en: { desktop: desktopEn }, 'zh-CN': { desktop: desktopZh } }, defaultNS: 'desktop' })
  const t = (key: DesktopKey, params?: Record<string, string>): string => i18n.t(key, params ?? {})
  let mainWindow: BrowserWindow | null = null
  const core = createCoreService({
    dataDir: app.getPath('userData'),
    openExternal: createOpenExternal((url) => shell.openExternal(url)),
    saveDocument: createSaveDocument({
      showSaveDialog: (options) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)),
      printHtmlToPdf: (html) => printHtmlToPdf(html, ElectronWindow),
    }),
    confirmInterpreter: createConfirmInterpreter({
      showMessageBox: (options) => (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options)),
      t,
    }),
  })
  let unregisterIpc: () => void = () => {}
  let shutDown = false

  // Stops the monitor's nvidia-smi (and anything else the core runs) before the process exits.
  const shutdown = onceWithDeadline(async () => {
    unregisterIpc()
    await core.dispose()
  }, SHUTDOWN_TIMEOUT_MS)

  const openWindow = async (): Promise<void> => {
    const workAreas = screen.getAllDisplays().map((display) => display.workArea)
    const win = createMainWindow({
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      url: devUrl ?? APP_ENTRY_URL,
      allowedOrigins,
      placement: placeWindow(await loadWindowState(app.getPath('userData')), workAreas),
    })
    trusted.add(win.webContents)
    win.on('close', () => {
      void saveWindowState(app.getPath('userData'), { bounds: win.getNormalBounds(), maximized: win.isMaximized() }).catch((error: unknown) => {
        console.error('gpu-doctor: could not remember the window size:', error)
      })
    })
    win.on('closed', () => {
      mainWindow = null
    })
    mainWindow = win
  }

  // File → Export report: the latest diagnosis (or the host and GPU facts alone) as masked HTML,
  // through the same save dialog as the Report page.
  const exportReport = async (): Promise<void> => {
    const result = await core.invoke(INVOKE_CHANNELS.saveReport, [{ format: 'html', redact: true, lang }])
    if (!result.ok) await showError(t('export.failedTitle'), result.error.message)
  }
  const showError = async (title: string, message: string): Promise<void> => {
    const options = { type: 'error' as const, title, message: title, detail: message }
    await (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options))
  }
  const showAbout = async (): Promise<void> => {
    const text = aboutText(t, { appVersion: app.isPackaged ? app.getVersion() : GPU_DOCTOR_VERSION, versions: process.versions, dataTables: dataTableVersions() })
    const options = { type: 'info' as const, title: text.title, message: text.message, detail: text.detail, buttons: ['OK'] }
    await (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options))
  }

  app.on('second-instance', () => {
    if (mainWindow === null) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('activate', () => {
    if (mainWindow === null && app.isReady()) void openWindow()
  })
  app.on('window-all-closed', () => app.quit())
  app.on('before-quit', (event) => {
    if (shutDown) return
    event.preventDefault()
    void shutdown().then(() => {
      shutDown = true
      app.quit()
    })
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit())

  app
    .whenReady()
    .then(() => {
      handleAppProtocol(join(import.meta.dirname, '../renderer'))
      denyAllPermissions(session.defaultSession)
      unregisterIpc = registerIpc({ ipcMain, core, trusted, allowedOrigins })
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(appMenuTemplate(t, { exportReport: () => void exportReport(), showAbout: () => void showAbout() })),
      )
      return openWindow()
    })
    .catch((error: unknown) => {
      console.error('gpu-doctor: startup failed:', error)
      app.exit(1)
    })
}

/** The menu's language: GPU_DOCTOR_LANG, else the system's (zh* → Simplified Chinese), else English. */
function menuLanguage(): Language {
  const chosen = process.env['GPU_DOCTOR_LANG']
  if (chosen !== undefined && isLanguage(chosen)) return chosen
  return /^zh/i.test(app.getLocale()) ? 'zh-CN' : 'en'
}
