// The real Electron window, on the packaged app in the release workflow: the fake H200 live,
// a diagnosis with a real Python, the security boundaries, and a clean exit.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'

const ROOT = resolve(import.meta.dirname, '..')
const FAKE_SMI = resolve(ROOT, 'test/fake-nvidia-smi/nvidia-smi')
const PYTHON = process.env['GPU_DOCTOR_E2E_PYTHON'] ?? '/usr/bin/python3'

/** Every process below `pid` (Linux: read from /proc). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>()
  for (const entry of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // exited meanwhile
    }
  }
  const found: number[] = []
  const walk = (parent: number) => {
    for (const [child, p] of parentOf) {
      if (p === parent) {
        found.push(child)
        walk(child)
      }
    }
  }
  walk(pid)
  return found
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// One app for the whole file, in order: each test goes on from where the previous one left it.
test.describe.configure({ mode: 'serial' })

let app: ElectronApplication | undefined
let page: Page
let userData: string
const problems: string[] = []

test.beforeAll(async () => {
  userData = mkdtempSync(join(tmpdir(), 'gpu-doctor-electron-'))
  const packaged = process.env['GPU_DOCTOR_ELECTRON_APP']
  app = await electron.launch({
    ...(packaged ? { executablePath: packaged, args: [] } : { args: [ROOT] }),
    env: {
      ...process.env,
      GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI,
      FAKE_SMI_FIXTURE: 'h200-x1',
      GPU_DOCTOR_LANG: 'en',
      GPU_DOCTOR_USER_DATA_DIR: userData,
    },
    timeout: 60_000,
  })
  page = await app.firstWindow()
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text())
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
})

test.afterAll(async () => {
  // A failed test leaves the app running: close it (the last test already did otherwise).
  await app?.close().catch(() => undefined)
  rmSync(userData, { recursive: true, force: true })
})

test('the window opens on the live panel, which shows the fake H200 and updates', async () => {
  await expect(page).toHaveTitle(/GPU Doctor/)
  expect(page.url()).toMatch(/^app:\/\/gpu-doctor\//)
  await expect(page.getByTestId('gpu-name-0')).toContainText('NVIDIA H200')
  const count = () => page.getByTestId('sample-count').getAttribute('data-count').then(Number)
  await expect.poll(count).toBeGreaterThan(0)
  const first = await count()
  await expect.poll(count, { timeout: 20_000 }).toBeGreaterThanOrEqual(first + 3)
})

test('the preload exposes window.gpuDoctor and nothing of Node or Electron', async () => {
  const surface = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>
    return {
      keys: Object.keys(w['gpuDoctor'] as object).sort(),
      require: typeof w['require'],
      process: typeof w['process'],
      electron: typeof w['electron'],
      ipcRenderer: typeof w['ipcRenderer'],
    }
  })
  expect(surface).toEqual({ keys: ['invoke', 'on'], require: 'undefined', process: 'undefined', electron: 'undefined', ipcRenderer: 'undefined' })
})

test('a diagnosis runs with a real Python', async () => {
  await page.getByTestId('tab-diagnose').click()
  await expect(page.getByTestId('interpreter-other')).toBeVisible({ timeout: 30_000 })
  // Typed in, so it need not be one the interpreter search finds.
  await page.getByTestId('interpreter-other').check()
  await page.getByTestId('interpreter-path').fill(PYTHON)
  await page.getByTestId('run-all').click()
  await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', /^(pass|warn|fail)$/, { timeout: 120_000 })
  await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle', { timeout: 120_000 })
})

test('no console errors so far', () => {
  expect(problems).toEqual([])
})

test('the CSP is in force: an injected inline script does not run', async () => {
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
  expect(csp).toContain("default-src 'none'")
  expect(csp).toContain("script-src 'self'")
  const ran = await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__injected = true'
    document.head.append(script)
    return (window as unknown as { __injected?: boolean }).__injected === true
  })
  expect(ran).toBe(false)
})

test('navigation to another origin and window.open are refused', async () => {
  const before = page.url()
  await page.evaluate(() => {
    window.location.href = 'https://example.com/'
  })
  await page.waitForTimeout(1_000)
  expect(page.url()).toBe(before)
  const opened = await page.evaluate(() => window.open('https://example.com/') === null)
  expect(opened).toBe(true)
  await page.waitForTimeout(500)
  expect(app!.windows()).toHaveLength(1)
})

test('quitting leaves no child process behind', async () => {
  const pid = app!.process().pid
  expect(pid).toBeDefined()
  const children = process.platform === 'linux' ? descendants(pid!) : []
  await app!.close()
  app = undefined
  await expect.poll(() => children.filter(alive), { timeout: 10_000 }).toEqual([])
  expect(alive(pid!)).toBe(false)
})
