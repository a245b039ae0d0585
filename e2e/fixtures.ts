import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { test as base, expect, type Page } from '@playwright/test'

const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, 'out/cli/gpu-doctor.cjs')
const FAKE_SMI = resolve(ROOT, 'test/fake-nvidia-smi/nvidia-smi')
/** The stand-in Python that sleeps (cancel specs type its path): serve runs a typed Python only when started with --python. */
const SLOW_PYTHON = resolve(ROOT, 'e2e/helpers/slow-python')
export const SCREENSHOTS = resolve(ROOT, 'test-results/screenshots')

export interface Served {
  /** The URL the CLI printed, with ?token=. */
  url: string
  origin: string
  token: string
  /** Everything the CLI wrote, for failure messages. */
  output(): string
}

/** Starts `gpu-doctor serve --port 0 --no-open` and resolves with the URL it prints. */
export async function startServe(scenario: string, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; served: Served }> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`)
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--no-open', '--python', SLOW_PYTHON], {
    cwd: ROOT,
    env: {
      ...process.env,
      GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI,
      FAKE_SMI_FIXTURE: scenario,
      GPU_DOCTOR_LANG: 'en',
      // Diagnoses run by specs are saved here, not in the user's history (a spec may set its own).
      GPU_DOCTOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-data-')),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()))
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 15 s:\n${log}`)), 15_000)
    const check = () => {
      const match = /GPU Doctor is serving at (http:\/\/\S+\?token=[0-9a-f]+)/.exec(log)
      if (match?.[1]) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code} before printing its URL:\n${log}`))
    })
  })
  const parsed = new URL(url)
  return {
    child,
    served: { url, origin: parsed.origin, token: parsed.searchParams.get('token') ?? '', output: () => log },
  }
}

/** SIGTERM (the CLI stops its nvidia-smi and server), then SIGKILL if it hangs. */
export async function stopServe(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

export const test = base.extend<{
  scenario: string
  /** More environment for the CLI, e.g. FAKE_SMI_DIE_AFTER. */
  extraEnv: Record<string, string>
  served: Served
  pageProblems: string[]
}>({
  scenario: ['h200-x1', { option: true }],
  extraEnv: [{}, { option: true }],

  served: async ({ scenario, extraEnv }, use, testInfo) => {
    const { child, served } = await startServe(scenario, extraEnv)
    try {
      await use(served)
    } finally {
      await stopServe(child)
      await testInfo.attach('serve-output', { body: served.output(), contentType: 'text/plain' })
    }
  },

  // Console errors (CSP violations, failed loads) and uncaught exceptions, for specs to assert none.
  pageProblems: async ({ page }, use) => {
    const problems: string[] = []
    page.on('console', (msg) => {
      // The Report page previews in a frame with sandbox="" (no script may run there). Playwright
      // injects its own script into every frame it tracks, when it reads the frame and when the
      // frame loads a new srcdoc, and Chromium refuses and logs it; Chromium driven without
      // Playwright logs nothing. That the report itself has no script is tested in
      // test/core/domain/report/html.test.ts.
      if (msg.text().startsWith("Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed")) return
      if (msg.type() === 'error' || /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text())
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    await use(problems)
  },
})

export { expect }

/** A full-page screenshot kept under test-results/screenshots/. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true })
  const path = resolve(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** The sample counter's value. */
export async function sampleCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('sample-count').getAttribute('data-count'))
}
