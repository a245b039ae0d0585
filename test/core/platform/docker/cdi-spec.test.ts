import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { judgeCdiSpecs, readCdiSpecs, specDriverVersion } from '../../../../src/core/platform/docker/cdi-spec'
import { cdiFindings } from '../../../../src/core/domain/container/container-findings'

// The spec written on the H100 machine for driver 580.159.04 (docs/verification/issue-15-gpu-container).
const h100 = readFileSync(new URL('../../../fixtures/docker/cdi-nvidia-h100-580.yaml', import.meta.url), 'utf8')
const ubuntu = 'PRETTY_NAME="Ubuntu 24.04.3 LTS"\nID=ubuntu\nID_LIKE=debian\n'

describe('CDI spec check', () => {
  it('reads the driver a spec was written for from its library paths', () => {
    expect(specDriverVersion(h100)).toBe('580.159.04')
    expect(specDriverVersion('{"kind":"nvidia.com/gpu","containerEdits":{"mounts":[{"hostPath":"/usr/lib64/libnvidia-ml.so.570.86.15"}]}}')).toBe('570.86.15')
  })

  it('fits the running driver, is stale after a driver change, is missing when no spec is of kind nvidia.com/gpu', () => {
    const files = [{ path: '/etc/cdi/nvidia.yaml', text: h100 }]
    expect(judgeCdiSpecs(files, '580.159.04')).toEqual({ state: 'ok', path: '/etc/cdi/nvidia.yaml', specDriver: '580.159.04' })
    expect(judgeCdiSpecs(files, '590.44.01')).toEqual({ state: 'stale', path: '/etc/cdi/nvidia.yaml', specDriver: '580.159.04', hostDriver: '590.44.01' })
    expect(judgeCdiSpecs([{ path: '/etc/cdi/amd.yaml', text: 'cdiVersion: 0.5.0\nkind: amd.com/gpu\n' }], '580.159.04').state).toBe('missing')
    expect(judgeCdiSpecs(files, null).state).toBe('ok')
  })

  it('reads *.yaml and *.json of the spec directories; a missing directory is no spec', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-cdi-'))
    writeFileSync(join(dir, 'nvidia.yaml'), h100)
    writeFileSync(join(dir, 'notes.txt'), 'kind: nvidia.com/gpu')
    const files = await readCdiSpecs([dir, join(dir, 'absent')])
    expect(files.map((f) => f.path)).toEqual([join(dir, 'nvidia.yaml')])
  })

  it('a missing or stale spec is cdi-spec-missing-or-stale with the evidence, and the toolkit steps end in nvidia-ctk cdi generate', () => {
    const ctx = { osRelease: ubuntu, platform: 'linux' as const, rootless: false }
    const stale = cdiFindings({ state: 'stale', path: '/etc/cdi/nvidia.yaml', specDriver: '570.86.15', hostDriver: '580.159.04' }, ctx)
    expect(stale.map((f) => f.id)).toEqual(['cdi-spec-missing-or-stale', 'nvidia-container-toolkit-install'])
    expect(stale[0]).toMatchObject({ severity: 'error', evidence: '/etc/cdi/nvidia.yaml was generated for driver 570.86.15; the running driver is 580.159.04' })
    expect(stale[0]!.fix).toContain('sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml')
    expect(stale[1]!.fix).toMatch(/apt-get install -y nvidia-container-toolkit[\s\S]*nvidia-ctk cdi generate --output=\/etc\/cdi\/nvidia.yaml/)
    expect(stale[1]!.fix).not.toContain('runtime configure')
    expect(cdiFindings({ state: 'missing', searched: ['/etc/cdi', '/var/run/cdi'] }, ctx)[0]!.evidence).toBe('No CDI spec of kind nvidia.com/gpu in /etc/cdi or /var/run/cdi')
    expect(cdiFindings({ state: 'ok', path: '/etc/cdi/nvidia.yaml', specDriver: null }, ctx)).toEqual([])
  })
})
