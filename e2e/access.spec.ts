import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

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
  test('API and WebSocket requests without the token get 401; the shell carries no secret', async ({ playwright, served }) => {
    const api = await playwright.request.newContext()
    try {
      const shell = await api.get(`${served.origin}/`)
      expect(shell.status()).toBe(200)
      expect(await shell.text()).not.toContain(served.token)
      expect(shell.headers()['set-cookie']).toBeUndefined()
      const wrong = await api.post(`${served.origin}/api/invoke/gpu:get-state?token=${'0'.repeat(64)}`, { data: { args: [] } })
      expect(wrong.status()).toBe(401)
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

  test('the page sets the strict CSP header, sets no cookie, and moves the token out of the address bar', async ({ page, served, pageProblems }) => {
    const response = await page.goto(served.url)
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toContain("script-src 'self'")
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['set-cookie']).toBeUndefined()
    await expect(page.getByTestId('sample-count')).toBeVisible()
    await expect.poll(() => page.url()).toBe(`${served.origin}/`)
    expect(await page.context().cookies()).toEqual([])
    // A reload finds the token in this tab's sessionStorage: the live panel keeps updating.
    await page.reload()
    await expect.poll(async () => Number(await page.getByTestId('sample-count').getAttribute('data-count')), { timeout: 10_000 }).toBeGreaterThan(1)
    expect(pageProblems).toEqual([])
  })

  test('the bare address (no token) loads the shell and says which address to open', async ({ page, served }) => {
    await page.goto(`${served.origin}/`)
    await expect(page.getByTestId('connection-banner')).toContainText('Open the address that “gpu-doctor serve” printed')
  })

  test('another service on 127.0.0.1 receives no gpu-doctor cookie after the serve URL was opened', async ({ page, served }) => {
    const seen: IncomingHttpHeaders[] = []
    const other = createServer((req, res) => {
      seen.push(req.headers)
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>other service</p>')
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      await page.goto(served.url)
      await expect(page.getByTestId('sample-count')).toBeVisible()
      const port = (other.address() as AddressInfo).port
      for (const host of ['127.0.0.1', 'localhost']) {
        await page.goto(`http://${host}:${port}/`)
        await expect(page.getByText('other service')).toBeVisible()
      }
      expect(seen.length).toBeGreaterThanOrEqual(2)
      for (const headers of seen) {
        expect(headers.cookie ?? '').not.toContain('gpu-doctor')
        expect(JSON.stringify(headers)).not.toContain(served.token)
      }
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()))
    }
  })
})
