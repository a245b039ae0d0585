import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const NAME = 'gpu_doctor_probe.py'

/**
 * Where resources/probe/gpu_doctor_probe.py is: GPU_DOCTOR_PROBE, then beside the bundled CLI
 * (out/cli → ../../resources), the Electron app's resources, and the source tree (src/core/platform/probe).
 */
export function probeScriptPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd()
  const candidates = [
    env.GPU_DOCTOR_PROBE,
    join(here, '..', '..', 'resources', 'probe', NAME),
    join(here, '..', '..', '..', '..', 'resources', 'probe', NAME),
    join(dirname(process.execPath), 'resources', 'probe', NAME),
    join(process.cwd(), 'resources', 'probe', NAME),
  ].filter((p): p is string => typeof p === 'string' && p.length > 0)
  return candidates.map((p) => resolve(p)).find((p) => existsSync(p)) ?? null
}
