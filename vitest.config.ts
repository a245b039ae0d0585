import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', './test/summary-reporter.ts'],
    setupFiles: ['./test/setup/real-timers.ts'],
    // Diagnoses run by tests (CLI diagnose/report) save their history here, not in the user's data dir.
    env: { GPU_DOCTOR_DATA_DIR: join(tmpdir(), 'gpu-doctor-vitest-data') },
  },
})
