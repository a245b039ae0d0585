// Bundles the CLI into one file so that `node out/cli/gpu-doctor.cjs` runs with no node_modules.
import { chmod } from 'node:fs/promises'

import { build } from 'esbuild'

const pkg = JSON.parse(await (await import('node:fs/promises')).readFile('package.json', 'utf8'))

await build({
  entryPoints: ['src/cli/index.ts'],
  outfile: 'out/cli/gpu-doctor.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: false,
  legalComments: 'none',
  banner: { js: '#!/usr/bin/env node' },
  define: { __GPU_DOCTOR_VERSION__: JSON.stringify(pkg.version) },
  // Optional native add-ons of ssh2 (dockerode's SSH transport); ssh2 works without them. koffi
  // (NVML) is native too: found in a node_modules beside the CLI, else `monitor` uses nvidia-smi.
  external: ['cpu-features', '*.node', 'electron', 'koffi'],
  logLevel: 'warning',
})
await chmod('out/cli/gpu-doctor.cjs', 0o755)
