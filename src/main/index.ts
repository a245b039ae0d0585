// Composition root of the Electron app: lifecycle only; everything testable lives elsewhere.
import { join } from 'node:path'

import { app, BrowserWindow as ElectronWindow, dialog, ipcMain, session, shell } from 'electron'
import type { BrowserWindow } from 'electron'

import { createCoreService } from '../core/service/core-service'
import { handleAppProtocol, registerAppScheme } from './app-protocol'
import { APP_ENTRY_URL, devServerUrl, trustedOrigins } from './app-url'
import { createOpenExternal } from './external-links'
import { registerIpc } from './ipc'
import { createSaveDocument, printHtmlToPdf } from './save-document'
import { onceWithDeadline } from './shutdown'
import { TrustedContents } from './trusted-contents'
import { createMainWindow, denyAllPermissions } from './window'

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
  const core = createCoreService({
    dataDir: app.getPath('userData'),
    openExternal: createOpenExternal((url) => shell.openExternal(url)),
    saveDocument: createSaveDocument({
      showSaveDialog: (options) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)),
      printHtmlToPdf: (html) => printHtmlToPdf(html, ElectronWindow),
    }),
  })
  let unregisterIpc: () => void = () => {}
  let mainWindow: BrowserWindow | null = null
  let shutDown = false

  // Stops the monitor's nvidia-smi (and anything else the core runs) before the process exits.
  const shutdown = onceWithDeadline(async () => {
    unregisterIpc()
    await core.dispose()
  }, SHUTDOWN_TIMEOUT_MS)

  const openWindow = (): void => {
    const win = createMainWindow({
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      url: devUrl ?? APP_ENTRY_URL,
      allowedOrigins,
    })
    trusted.add(win.webContents)
    win.on('closed', () => {
      mainWindow = null
    })
    mainWindow = win
  }

  app.on('second-instance', () => {
    if (mainWindow === null) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('activate', () => {
    if (mainWindow === null && app.isReady()) openWindow()
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
      openWindow()
    })
    .catch((error: unknown) => {
      console.error('gpu-doctor: startup failed:', error)
      app.exit(1)
    })
}
