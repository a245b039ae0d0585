import { describe, expect, it } from 'vitest'

import { nvmlLibraryCandidates } from '../../../../src/core/platform/nvml/library-paths'

describe('where NVML is looked for', () => {
  it('Linux: the soname through the loader, then WSL2', () => {
    expect(nvmlLibraryCandidates('linux', {})).toEqual(['libnvidia-ml.so.1', '/usr/lib/wsl/lib/libnvidia-ml.so.1'])
  })

  it('Windows: System32, then the NVSMI folder', () => {
    expect(nvmlLibraryCandidates('win32', { SystemRoot: 'D:\\Windows', ProgramW6432: 'D:\\Program Files' })).toEqual([
      'D:\\Windows\\System32\\nvml.dll',
      'D:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvml.dll',
    ])
  })

  it('GPU_DOCTOR_NVML_LIBRARY names the one file to try; macOS has none', () => {
    expect(nvmlLibraryCandidates('linux', { GPU_DOCTOR_NVML_LIBRARY: '/opt/x/libnvidia-ml.so.1' })).toEqual(['/opt/x/libnvidia-ml.so.1'])
    expect(nvmlLibraryCandidates('darwin', {})).toEqual([])
  })
})
