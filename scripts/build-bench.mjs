// Bundles the benchmark worker, so the benchmark also runs where there is no node_modules (a GPU box).
import { build } from 'esbuild'

await build({
  entryPoints: { worker: 'scripts/bench/worker.ts', 'verify-nvml': 'scripts/gpu/verify-nvml.ts', 'nvml-call-costs': 'scripts/gpu/nvml-call-costs.ts' },
  outdir: 'out/bench',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The core service bundles dockerode (ssh2 reads __dirname): give the ES module CommonJS's names.
  banner: {
    js: "import { createRequire } from 'module'; import { fileURLToPath as __bench_url } from 'url'; import { dirname as __bench_dir } from 'path'; const require = createRequire(import.meta.url); const __filename = __bench_url(import.meta.url); const __dirname = __bench_dir(__filename);",
  },
  // koffi (NVML) loads a native module: it is found in node_modules next to out/ or not at all.
  external: ['cpu-features', '*.node', 'koffi'],
  logLevel: 'warning',
})

