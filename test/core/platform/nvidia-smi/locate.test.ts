import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { locateNvidiaSmi } from '../../../../src/core/platform/nvidia-smi/locate'

describe('locateNvidiaSmi', () => {
  it('prefers --nvidia-smi over the environment variable and PATH', () => {
    const r = locateNvidiaSmi({ explicitPath: '/opt/x/nvidia-smi', env: { GPU_DOCTOR_NVIDIA_SMI: '/env/nvidia-smi', PATH: '/usr/bin' }, platform: 'linux', isExecutable: () => true })
    expect(r.path).toBe('/opt/x/nvidia-smi')
  })

  it('reports a pinned path that is not executable instead of silently searching elsewhere', () => {
    const r = locateNvidiaSmi({ env: { GPU_DOCTOR_NVIDIA_SMI: '/env/nvidia-smi', PATH: '/usr/bin' }, platform: 'linux', isExecutable: (p) => p === '/usr/bin/nvidia-smi' })
    expect(r).toEqual({ path: null, checked: ['/env/nvidia-smi'] })
  })

  it('searches PATH, then WSL2 and container locations, listing what it checked', () => {
    const r = locateNvidiaSmi({ env: { PATH: '/a:/b' }, platform: 'linux', isExecutable: (p) => p === '/usr/lib/wsl/lib/nvidia-smi' })
    expect(r.path).toBe('/usr/lib/wsl/lib/nvidia-smi')
    expect(r.checked.slice(0, 3)).toEqual(['/a/nvidia-smi', '/b/nvidia-smi', '/usr/bin/nvidia-smi'])
  })

  it('finds the Windows DCH driver-store copy', () => {
    const r = locateNvidiaSmi({
      env: { Path: '', SystemRoot: 'C:\\Windows' },
      platform: 'win32',
      listDir: (d) => (d.endsWith('FileRepository') ? ['nvdm.inf_amd64_abc', 'other'] : []),
      isExecutable: (p) => p.includes('nvdm.inf_amd64_abc'),
    })
    const store = join('C:\\Windows', 'System32', 'DriverStore', 'FileRepository')
    expect(r.path).toBe(join(store, 'nvdm.inf_amd64_abc', 'nvidia-smi.exe'))
    // System32 and NVSMI first; in the store only the NVIDIA (nv*) folders.
    expect(r.checked.some((c) => c.includes('NVSMI'))).toBe(true)
    expect(r.checked.some((c) => c.includes(join(store, 'other')))).toBe(false)
  })

  it('returns null with the full list when nothing is installed', () => {
    const r = locateNvidiaSmi({ env: { PATH: '/usr/local/bin' }, platform: 'linux', isExecutable: () => false })
    expect(r.path).toBeNull()
    expect(r.checked.length).toBeGreaterThan(3)
  })
})
