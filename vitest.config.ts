import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'

import { defineConfig } from 'vitest/config'

// Diagnoses run by tests (CLI diagnose/report) save their history here, not in the user's data dir.
// No test's status, images or core service sweeps another test's labelled leftover away while it looks
// at it (test/integration/docker/sweep-fronts.test.ts turns sweeping back on).
// The CLI speaks the language of LC_ALL / LANG: tests run in the C locale whatever the host's is, and
// one that tests a language says so (--lang, GPU_DOCTOR_LANG).
const env = { GPU_DOCTOR_DATA_DIR: join(tmpdir(), 'gpu-doctor-vitest-data'), GPU_DOCTOR_NO_SWEEP: '1', LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' }

/**
 * The engine integration tests that hold for any engine, run a second time against Podman's
 * socket (scripts/ci/start-podman.sh); Docker-only contracts (DeviceRequests, `--gpus` errors)
 * stay in the first run, Podman's CDI path has its own file.
 */
const PODMAN_TESTS = ['engine', 'images', 'pull', 'cleanup', 'torch-image', 'podman'].map((name) => `test/integration/docker/${name}.test.ts`)

/**
 * Many files wait more than they compute (real engines, Slurm, spawned CLIs, servers): run more of
 * them at once than there are cores. Vitest's default (cores - 1) runs them one by one on 2 cores.
 */
const WORKERS = Math.max(3, availableParallelism())

export default defineConfig({
  test: {
    environment: 'node',
    maxWorkers: WORKERS,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', './test/summary-reporter.ts'],
    setupFiles: ['./test/setup/real-timers.ts'],
    env,
    projects: [
      // Every test lives under test/, mirroring src/ (test/lint/test-layout.test.ts keeps src/ free of them).
      { extends: true, test: { name: 'main', include: ['test/**/*.test.{ts,tsx}'], exclude: ['test/integration/docker/podman.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'podman',
          include: PODMAN_TESTS,
          env: { ...env, DOCKER_HOST: 'unix:///run/podman/podman.sock' },
          // Docker's and Podman's runs of the same files share the local registry's pull image.
          fileParallelism: false,
        },
      },
    ],
  },
})
