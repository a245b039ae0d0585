import { defineConfig } from '@playwright/test'

/**
 * The Electron smoke test (`npm run test:electron`): the real window, through Playwright's
 * _electron.launch. GPU_DOCTOR_ELECTRON_APP names a packaged app's executable (the release
 * workflow's smoke-test build); without it, the unpackaged build in out/ runs under
 * node_modules/electron. Needs the Electron binary and, on Linux, an X server (xvfb-run).
 */
export default defineConfig({
  testDir: 'e2e-electron',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  outputDir: 'test-results-electron',
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
})
