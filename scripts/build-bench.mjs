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
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  // koffi (NVML) loads a native module: it is found in node_modules next to out/ or not at all.
  external: ['cpu-features', '*.node', 'koffi'],
  logLevel: 'warning',
})

