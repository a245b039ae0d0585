// Serves the built renderer from app://gpu-doctor/ instead of file:// (security checklist item 18).
import { readFile } from 'node:fs/promises'

import { protocol } from 'electron'

import { CONTENT_SECURITY_POLICY } from '../core/serve/headers'
import { APP_SCHEME } from './app-url'
import { resolveAppPath } from './resolve-app-path'

/** On every app:// response: the renderer's CSP as a header too (it also sits in a meta tag). */
const APP_RESPONSE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const

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
    const resolved = resolveAppPath(rendererDir, request.url)
    if (!resolved.ok) return textResponse(resolved.status, resolved.reason)
    try {
      const body = await readFile(resolved.filePath)
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': resolved.contentType },
      })
    } catch {
      return textResponse(404, 'not found')
    }
  })
}

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
