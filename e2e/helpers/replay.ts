import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { expect, type Page, type WebSocketRoute } from '@playwright/test'

// The interpreter list of the H200 the replayed diagnoses were measured on.
const H200_INTERPRETERS: unknown = JSON.parse(readFileSync(resolve(import.meta.dirname, '../data/interpreters-h200.json'), 'utf8'))

export interface Replay {
  send(channel: string, payload: unknown): void
}

/** Passes the real event stream through and lets the test add events; answers diagnosis:start. */
export async function replayRoutes(page: Page, runId: string): Promise<Replay> {
  let socket: WebSocketRoute | null = null
  await page.routeWebSocket(/\/api\/events/, (ws) => {
    ws.connectToServer()
    socket = ws
  })
  await page.route(/\/api\/invoke\/diagnosis(%3A|:)start/i, (route) => route.fulfill({ json: { ok: true, value: { runId } } }))
  await page.route(/\/api\/invoke\/diagnosis(%3A|:)list-interpreters/i, (route) => route.fulfill({ json: { ok: true, value: H200_INTERPRETERS } }))
  return {
    send(channel, payload) {
      if (!socket) throw new Error('the page has no event socket yet')
      socket.send(JSON.stringify({ channel, payload }))
    },
  }
}

export async function startReplay(page: Page, url: string, runId: string): Promise<Replay> {
  const replay = await replayRoutes(page, runId)
  await page.goto(`${url}#diagnose`)
  await expect(page.getByTestId('page-diagnose')).toBeVisible()
  await expect(page.locator('[data-path="/opt/torch/.venv/bin/python3"] input')).toBeChecked()
  await page.getByTestId('run-all').click()
  await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'running')
  return replay
}

