import type { Plugin } from 'vite'

/**
 * The dev server only: React Fast Refresh injects an inline script and HMR uses a WebSocket, both
 * blocked by the strict CSP. Built files keep the strict policy (the tests run those).
 */
export function devCsp(): Plugin {
  return {
    name: 'gpu-doctor-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws: http://localhost:*"),
  }
}
