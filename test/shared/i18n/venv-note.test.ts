import { describe, expect, it } from 'vitest'

import { makeFinding } from '../../../src/core/domain/findings/finding-catalog'
import { installParams } from '../../../src/core/domain/findings/install-params'
import { FINDING_TEXTS } from '../../../src/shared/i18n/findings'
import { renderFinding } from '../../../src/shared/i18n/render-finding'

describe('an install fix that makes a venv (a PEP 668 Python: Debian, Ubuntu)', () => {
  it('says that stock Debian and Ubuntu need python3-venv first, in both languages', () => {
    const machine = { python: '/usr/bin/python3', platform: 'linux' as const, externallyManaged: true, driverCuda: '13.0', gpus: ['9.0'] }
    for (const id of ['cpu-only-torch-build', 'torch-not-installed', 'gpu-arch-not-in-wheel'] as const) {
      const finding = makeFinding(id, 'error', { torch: '2.5.0', python: '/usr/bin/python3', error: 'x', ...installParams(id, machine) })
      expect(finding.params.install).toMatch(/^\/usr\/bin\/python3 -m venv /)
      expect(renderFinding(finding, FINDING_TEXTS.en).fix).toContain('`sudo apt install python3-venv`')
      expect(renderFinding(finding, FINDING_TEXTS['zh-CN']).fix).toContain('`sudo apt install python3-venv`')
    }
  })

  it('is not said beside a plain pip install (a venv already, or a Python that takes pip installs), nor on Windows', () => {
    for (const machine of [
      { python: '/opt/torch/.venv/bin/python3', platform: 'linux' as const, externallyManaged: false, driverCuda: '13.0', gpus: ['9.0'] },
      { python: null, platform: 'win32' as const, externallyManaged: true, driverCuda: '13.0', gpus: ['9.0'] },
    ]) {
      const finding = makeFinding('cpu-only-torch-build', 'error', { torch: '2.5.0', ...installParams('cpu-only-torch-build', machine) })
      const fix = renderFinding(finding, FINDING_TEXTS.en).fix
      expect(fix).not.toContain('python3-venv')
      expect(fix).not.toContain('[[')
    }
  })
})
