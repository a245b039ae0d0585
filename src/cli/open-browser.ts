// `gpu-doctor serve --open`: the UI in an app-style window (a Chromium-family browser's --app=URL:
// no tabs, no address bar) where one is installed, else the desktop's default browser.
import { spawn } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

export interface BrowserLaunch {
  readonly command: string
  readonly args: readonly string[]
  /** True for --app=URL windows, false for the default browser. */
  readonly appWindow: boolean
}

const APP_BROWSERS: Partial<Record<NodeJS.Platform, readonly string[]>> = {
  linux: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'microsoft-edge-stable', 'brave-browser'],
  win32: ['msedge.exe', 'chrome.exe'],
}

/** Edge ships with Windows 10 and 11, usually outside PATH. */
function windowsBrowserPaths(env: NodeJS.ProcessEnv): string[] {
  const roots = [env['ProgramFiles(x86)'], env['ProgramFiles'], env['LOCALAPPDATA']].filter((r): r is string => !!r)
  return roots.flatMap((root) => [join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'), join(root, 'Google', 'Chrome', 'Application', 'chrome.exe')])
}

function isExecutableFile(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(path).isFile()) return false
    if (platform !== 'win32') accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The first of `names` found on PATH, as an absolute path. */
export function findOnPath(names: readonly string[], env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | null {
  const dirs = (env['PATH'] ?? env['Path'] ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean)
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = join(dir, name)
      if (isExecutableFile(candidate, platform)) return candidate
    }
  }
  return null
}

/** What to start for `url`, or null where there is no desktop to show a window on. */
export function browserLaunch(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): BrowserLaunch | null {
  if (platform === 'linux' && !env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return null
  const appBrowser =
    findOnPath(APP_BROWSERS[platform] ?? [], env, platform) ??
    (platform === 'win32' ? (windowsBrowserPaths(env).find((p) => isExecutableFile(p, platform)) ?? null) : null)
  if (appBrowser !== null) return { command: appBrowser, args: [`--app=${url}`], appWindow: true }
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url], appWindow: false }
  if (platform === 'darwin') return { command: 'open', args: [url], appWindow: false }
  const opener = findOnPath(['xdg-open'], env, platform)
  return opener === null ? null : { command: opener, args: [url], appWindow: false }
}

/** Starts the browser detached (it outlives `serve`); returns what was started, or null. */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): BrowserLaunch | null {
  const launch = browserLaunch(url, env, platform)
  if (launch === null) return null
  try {
    const child = spawn(launch.command, [...launch.args], { detached: true, stdio: 'ignore', env, windowsVerbatimArguments: launch.command === 'cmd' })
    child.on('error', () => undefined)
    child.unref()
    return launch
  } catch {
    return null
  }
}
