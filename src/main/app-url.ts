// The app's own origin and URL helpers. No electron import: tests and the security gate load this.

export const APP_SCHEME = 'app'
export const APP_HOST = 'gpu-doctor'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/**
 * `scheme://host[:port]` of an absolute URL, or null when it has none.
 *
 * WHATWG `URL.origin` is the opaque "null" for custom schemes such as `app:`, so it cannot be
 * compared; Chromium gives a privileged standard scheme a real origin, and this mirrors it.
 */
export function originOf(rawUrl: string): string | null {
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return null
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
  if (url.host === '') return null
  return `${url.protocol}//${url.host}`
}

const LOOPBACK_DEV_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+$/

/**
 * The electron-vite dev server's URL (`ELECTRON_RENDERER_URL`) when it may be used: only in an
 * unpackaged app, and only on a loopback http origin. A packaged app always loads app://.
 */
export function devServerUrl(isPackaged: boolean, rawUrl: string | undefined): string | null {
  if (isPackaged || rawUrl === undefined) return null
  const origin = originOf(rawUrl)
  return origin !== null && LOOPBACK_DEV_ORIGIN.test(origin) ? rawUrl : null
}

/** The origins whose pages may call IPC and be navigated to. */
export function trustedOrigins(devUrl: string | null): string[] {
  const devOrigin = devUrl === null ? null : originOf(devUrl)
  return devOrigin === null ? [APP_ORIGIN] : [APP_ORIGIN, devOrigin]
}

/**
 * The still percent-encoded path of an app://gpu-doctor/ URL, or null for any other origin or a
 * URL that carries credentials.
 */
export function appPathOf(rawUrl: string): string | null {
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return null
  if (url.username !== '' || url.password !== '') return null
  return url.pathname === '' ? '/' : url.pathname
}
