const STORAGE_KEY = 'gpu-doctor-token'
const PLAUSIBLE = /^[A-Za-z0-9_-]{16,256}$/

/** The access token `gpu-doctor serve` put in the URL (`?token=`); null when absent or implausible. */
export function readToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')
  return token && PLAUSIBLE.test(token) ? token : null
}

/** `href` without its `token` query parameter (the path, other parameters and the hash stay). */
export function withoutToken(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('token')
  return url.toString()
}

type TokenWindow = Pick<Window, 'location' | 'history' | 'sessionStorage'>

/**
 * The token of this tab: taken from the URL serve printed, kept in sessionStorage (this tab and
 * this origin only, gone when the tab closes; never a cookie, which every port of the host would
 * receive) and removed from the address bar, so it is not in the history, a bookmark or a
 * screenshot. A reload finds it in sessionStorage.
 */
export function takeToken(win: TokenWindow): string | null {
  const fromUrl = readToken(win.location.search)
  const storage = safeStorage(win)
  if (fromUrl) {
    storage?.setItem(STORAGE_KEY, fromUrl)
    // Only when it is kept: otherwise a reload would lose it.
    if (storage) win.history.replaceState(win.history.state, '', withoutToken(win.location.href))
    return fromUrl
  }
  const stored = storage?.getItem(STORAGE_KEY) ?? null
  return stored && PLAUSIBLE.test(stored) ? stored : null
}

function safeStorage(win: TokenWindow): Storage | null {
  try {
    return win.sessionStorage
  } catch {
    // Storage disabled by the browser's settings.
    return null
  }
}
