// Bundles the benchmark worker, so the benchmark also runs where there is no node_modules (a GPU box).
import { build } from 'esbuild'

await build({
  entryPoints: ['scripts/bench/worker.ts'],
  outfile: 'out/bench/worker.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  external: ['cpu-features', '*.node'],
  logLevel: 'warning',
})

