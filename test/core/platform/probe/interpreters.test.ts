import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { inspectInterpreter } from '../../../../src/core/platform/probe/interpreters'

/** A folder with a `torch` package whose version.py is `versionPy` (nothing is imported from it). */
function torchPackage(versionPy: string): string {
  const root = mkdtempSync(join(tmpdir(), 'gpu-doctor-torch-'))
  mkdirSync(join(root, 'torch'))
  writeFileSync(join(root, 'torch', '__init__.py'), 'raise ImportError("never imported")\n')
  writeFileSync(join(root, 'torch', 'version.py'), versionPy)
  return root
}

describe('the interpreter list tells a CPU-only PyTorch from a CUDA one, without importing it', () => {
  const cases = [
    ["__version__ = '1.13.0a0'\ndebug = False\ncuda = None\ngit_version = 'x'\nhip = None\n", 'cpu'],
    ["from typing import Optional\n__version__ = '2.11.0+cu130'\ncuda: Optional[str] = '13.0'\nhip: Optional[str] = None\n", 'cuda'],
    ["__version__ = '2.5.0+rocm6.2'\ncuda: Optional[str] = None\nhip: Optional[str] = '6.2.41133'\n", 'rocm'],
    ['# nothing known here\n', 'unknown'],
  ] as const
  for (const [versionPy, build] of cases) {
    it(`version.py of a ${build} build`, async () => {
      const root = torchPackage(versionPy)
      const found = await inspectInterpreter('python3', 'path', { ...process.env, PYTHONPATH: root })
      expect(found.error).toBeNull()
      expect(found.torchLocation).toBe(join(root, 'torch', '__init__.py'))
      expect(found.torchBuild).toBe(build)
    })
  }
})
