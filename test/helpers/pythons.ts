import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Debian's python3 with Debian's python3-torch (a real CPU-only PyTorch); CI installs it. */
export const TORCH_PYTHON = process.env.GPU_DOCTOR_TEST_TORCH_PYTHON ?? '/usr/bin/python3'

/** The same interpreter with site-packages switched off (-S): a real Python that has no torch. */
export function pythonWithoutTorch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gd-py-'))
  const path = join(dir, 'python3')
  writeFileSync(path, `#!/bin/sh\nexec ${TORCH_PYTHON} -I -S "$@"\n`)
  chmodSync(path, 0o755)
  return path
}
