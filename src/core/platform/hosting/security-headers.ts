import { createHash } from 'node:crypto'

import { REPORT_CSS } from './report-style'

/**
 * The one inline stylesheet the UI allows: the report's. The Report page previews a report in an
 * `<iframe sandbox srcdoc>`; a srcdoc document inherits this policy, so its `<style>` applies only
 * when its hash is listed here. No script is allowed in the frame (sandbox="" and script-src), and
 * no `style` attribute (no 'unsafe-hashes'). No frame-src is needed: a srcdoc frame fetches nothing.
 */
export const REPORT_STYLE_HASH = `'sha256-${createHash('sha256').update(REPORT_CSS).digest('base64')}'`

/**
 * The renderer's CSP: the meta tag in src/renderer/index.html says the same, plus what only a
 * header can say (frame-ancestors). `connect-src 'self'` also covers serve's same-origin WebSocket.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${REPORT_STYLE_HASH}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Powerful features the UI never uses. Not clipboard-write: the Copy buttons need it under serve. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'display-capture=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'payment=()',
].join(', ')

/** On every response of both hosts (app:// and `gpu-doctor serve`), whatever its status. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
})
