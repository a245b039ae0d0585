// Serves the built renderer from app://gpu-doctor/ instead of file:// (security checklist item 18).
// Thin adapter: core/platform/hosting decides which file a path names and which headers go with it.
import { readFile } from 'node:fs/promises'

import { protocol } from 'electron'

import { resolveHostedFile, SECURITY_HEADERS } from '../core/app/hosting'
import { APP_SCHEME, appPathOf } from './app-url'

/** Must run before `app.whenReady()`. No `bypassCSP`, no `allowServiceWorkers`. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

/** Call once the app is ready. `rendererDir` is the absolute path of out/renderer. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'method not allowed')
    const path = appPathOf(request.url)
    if (path === null) return textResponse(403, 'foreign origin')
    const file = await resolveHostedFile(rendererDir, path)
    if (!file.ok) return textResponse(file.status, file.reason)
    let body: Buffer
    try {
      body = await readFile(file.filePath)
    } catch {
      return textResponse(404, 'not found')
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'Content-Type': file.contentType },
    })
  })
}

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
