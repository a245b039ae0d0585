import { WebSocket } from 'ws'

import { expect, test } from './fixtures'

function wsStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers })
    ws.once('open', () => {
      ws.close()
      resolve(101)
    })
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.once('error', reject)
  })
}

test.describe('access token', () => {
  test('requests without the token get 401', async ({ playwright, served }) => {
    // A fresh request context: no cookie from an earlier page load.
    const api = await playwright.request.newContext()
    try {
      expect((await api.get(`${served.origin}/`)).status()).toBe(401)
      expect((await api.get(`${served.origin}/?token=${'0'.repeat(64)}`)).status()).toBe(401)
      const invoke = await api.post(`${served.origin}/api/invoke/gpu:get-state`, { data: { args: [] } })
      expect(invoke.status()).toBe(401)
      expect(await invoke.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } })

      const ok = await api.post(`${served.origin}/api/invoke/gpu:get-state`, {
        data: { args: [] },
        headers: { Authorization: `Bearer ${served.token}` },
      })
      expect(ok.status()).toBe(200)
      expect(await ok.json()).toMatchObject({ ok: true, value: { kind: 'ok' } })
    } finally {
      await api.dispose()
    }
    const wsBase = served.origin.replace('http:', 'ws:') + '/api/events'
    expect(await wsStatus(wsBase)).toBe(401)
    expect(await wsStatus(`${wsBase}?token=${served.token}`, { Origin: 'http://evil.example' })).toBe(403)
    expect(await wsStatus(`${wsBase}?token=${served.token}`)).toBe(101)
  })

  test('the page sets the strict CSP header and a HttpOnly cookie', async ({ page, served }) => {
    const response = await page.goto(served.url)
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toContain("script-src 'self'")
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name.startsWith('gpu-doctor-token'))).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
  })
})
