import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE = fileURLToPath(new URL('../fake-nvml/fake-nvml.c', import.meta.url))
const built = new Map<string, string>()

/**
 * Compiles the stand-in libnvidia-ml (test/fake-nvml/fake-nvml.c) once per variant, so the real
 * koffi binding is exercised where there is no GPU. `noCount` leaves nvmlDeviceGetCount_v2 out.
 */
export function buildFakeNvml(variant: 'full' | 'noCount' = 'full'): string {
  const cached = built.get(variant)
  if (cached) return cached
  const out = join(mkdtempSync(join(tmpdir(), 'gd-fake-nvml-')), 'libnvidia-ml.so.1')
  const defines = variant === 'noCount' ? ['-DFAKE_NVML_NO_COUNT'] : []
  execFileSync('gcc', ['-shared', '-fPIC', '-O2', ...defines, '-o', out, SOURCE], { timeout: 60_000 })
  built.set(variant, out)
  return out
}
