import { defineConfig } from '@playwright/test'

/**
 * e2e against the real `gpu-doctor serve` (built CLI + built renderer) with the fake nvidia-smi.
 * Chromium is the system one (Debian's package): no browser downloads.
 */
export default defineConfig({
  testDir: 'e2e',
  // Each test has its own serve, data folder and page: two run at once (a page mostly waits on its server).
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.GPU_DOCTOR_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    locale: 'en-US',
    colorScheme: 'light',
    viewport: { width: 1280, height: 900 },
    // A trace is recorded for every test to be kept for the failing ones, and a screenshot taken after each: both cost
    // time on every test, and on CI only the printed output comes back. Screenshots the docs need are taken by the
    // tests themselves (saveScreenshot); a failure keeps its screenshot.
    screenshot: 'only-on-failure',
    trace: 'off',
  },
})
