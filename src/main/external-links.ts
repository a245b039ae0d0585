// Which links the app opens in the user's browser (security checklist item 15). Pure: tested
// without Electron; main passes `shell.openExternal` in as `open`.

/** Exact host names; subdomains are not implied. */
export const EXTERNAL_LINK_HOSTS: ReadonlySet<string> = new Set([
  'www.nvidia.com',
  'nvidia.com',
  'docs.nvidia.com',
  'developer.nvidia.com',
  'catalog.ngc.nvidia.com',
  'pytorch.org',
  'docs.pytorch.org',
  'docs.docker.com',
  'github.com',
])

/**
 * The normalised URL to open, or null: only `https:` on the default port, no credentials, host on
 * {@link EXTERNAL_LINK_HOSTS}. Re-serialising through `URL` means the browser gets exactly what
 * was checked.
 */
export function checkExternalUrl(rawUrl: string): string | null {
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:') return null
  if (url.username !== '' || url.password !== '' || url.port !== '') return null
  if (!EXTERNAL_LINK_HOSTS.has(url.hostname)) return null
  return url.href
}

/**
 * Builds the core's `openExternal` option: resolves `false` for a refused URL or a failed open,
 * `true` once the browser was asked to open it.
 */
export function createOpenExternal(open: (url: string) => Promise<void>): (url: string) => Promise<boolean> {
  return async (rawUrl) => {
    const url = checkExternalUrl(rawUrl)
    if (url === null) return false
    try {
      await open(url)
      return true
    } catch {
      return false
    }
  }
}
