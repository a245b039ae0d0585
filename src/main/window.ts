// The app window and the guards on its WebContents (security checklist items 3-6, 13, 14).
import { BrowserWindow } from 'electron'
import type { Session, WebContents } from 'electron'

import { isAllowedOrigin } from './sender-policy'
import { MIN_SIZE, type WindowPlacement } from './window-bounds'

export interface MainWindowOptions {
  /** Absolute path of the bundled preload (out/preload/index.cjs). */
  readonly preloadPath: string
  /** app://gpu-doctor/index.html, or the dev server's URL when unpackaged. */
  readonly url: string
  readonly allowedOrigins: readonly string[]
  /** Size and place (window-bounds.ts: the last one, if still on a display). */
  readonly placement: WindowPlacement
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    x: options.placement.x,
    y: options.placement.y,
    width: options.placement.width,
    height: options.placement.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'GPU Doctor',
    webPreferences: {
      preload: options.preloadPath,
      // Written out although they are the defaults: static checks read literals.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  })
  guardWebContents(win.webContents, options.allowedOrigins)
  if (options.placement.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())
  win.loadURL(options.url).catch((error: unknown) => {
    console.error(`gpu-doctor: could not load ${options.url}:`, error)
  })
  return win
}

/** No new windows, no navigation away from the app's own origins. */
export function guardWebContents(contents: WebContents, allowedOrigins: readonly string[]): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event) => {
    if (!isAllowedOrigin(event.url, allowedOrigins)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedOrigin(event.url, allowedOrigins)) event.preventDefault()
  })
  contents.on('will-redirect', (event) => {
    if (!isAllowedOrigin(event.url, allowedOrigins)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/** Electron grants every permission unless told otherwise; this app needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}
