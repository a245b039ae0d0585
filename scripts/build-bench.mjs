// Bundles the benchmark worker, so the benchmark also runs where there is no node_modules (a GPU box).
import { build } from 'esbuild'

await build({
  entryPoints: ['scripts/bench/worker.ts'],
  outfile: 'out/bench/worker.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The core service bundles dockerode (ssh2 reads __dirname): give the ES module CommonJS's names.
  banner: {
    js: "import { createRequire } from 'module'; import { fileURLToPath as __bench_url } from 'url'; import { dirname as __bench_dir } from 'path'; const require = createRequire(import.meta.url); const __filename = __bench_url(import.meta.url); const __dirname = __bench_dir(__filename);",
  },
  external: ['cpu-features', '*.node'],
  logLevel: 'warning',
})

