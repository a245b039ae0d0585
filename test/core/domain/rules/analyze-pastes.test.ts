import { describe, expect, it } from 'vitest'

import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'
import type { Finding } from '../../../../src/shared/diagnosis'

// Shapes of real pastes from public issue threads: wrapped by the forum, older wordings, ldd of a
// wheel library whose own dependency resolves outside the wheel.
const ids = (findings: Finding[]) => findings.map((f) => `${f.id}:${f.severity}`)

describe('pasted text as people really paste it', () => {
  it('matches a message that the paste wrapped over two lines', () => {
    const wrapped = `RuntimeError: DataLoader worker (pid 1234) is killed by signal: Bus
error. It is possible that dataloader's workers are out of shared
memory. Please try to raise your shared memory limit.`
    expect(ids(analyzeText(wrapped).findings)).toContain('container-shm-too-small:error')
  })

  it('an unwrapped neighbour still matches as before, and a text without the words does not', () => {
    expect(ids(analyzeText('Bus error (core dumped): out of shared memory').findings)).toContain('container-shm-too-small:error')
    expect(ids(analyzeText('Bus error (core dumped)\nSegmentation fault in libfoo').findings)).not.toContain('container-shm-too-small:error')
  })

  it('knows the older cuDNN wording, "version mismatch … linked against 7605", with readable versions', () => {
    const old = `Traceback (most recent call last):
  File "train.py", line 3, in <module>
RuntimeError: cuDNN version mismatch: PyTorch was compiled against 7102 but linked against 7605`
    const f = analyzeText(old).findings.find((x) => x.id === 'cudnn-shadowed-by-system-copy')
    expect(f?.severity).toBe('error')
    expect(f?.params).toEqual({ compiled: '7.1.2', found: '7.6.5' })
  })

  const LDD_WHEEL = `$ ldd /home/u/.local/lib/python3.10/site-packages/nvidia/cusparse/lib/libcusparse.so.12
\tlinux-vdso.so.1 (0x00007ffd1b5e9000)
\tlibnvJitLink.so.12 => /usr/local/cuda-12.1/lib64/libnvJitLink.so.12 (0x00007f3d5c000000)
\tlibdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2 (0x00007f3d7a7f7000)
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f3d7a400000)`

  it('ldd of a wheel library whose dependency resolves outside the wheel: a warning on its own', () => {
    const f = analyzeText(LDD_WHEEL).findings.find((x) => x.id === 'system-cuda-libs-shadow-wheel-libs')
    expect(f?.severity).toBe('warning')
    expect(f?.evidence).toContain('/usr/local/cuda-12.1/lib64/libnvJitLink.so.12')
  })

  it('… and an error when the paste shows the import failing on it', () => {
    const withError = `ImportError: /home/u/.local/lib/python3.10/site-packages/nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkComplete_12_4, version libnvJitLink.so.12\n${LDD_WHEEL}`
    const f = analyzeText(withError).findings.find((x) => x.id === 'system-cuda-libs-shadow-wheel-libs')
    expect(f?.severity).toBe('error')
  })

  it('ldd of a system library (not a wheel) resolving to the toolkit is not flagged', () => {
    const system = LDD_WHEEL.replace('/home/u/.local/lib/python3.10/site-packages/nvidia/cusparse/lib/', '/usr/local/cuda-12.1/lib64/')
    expect(ids(analyzeText(system).findings)).not.toContain('system-cuda-libs-shadow-wheel-libs:warning')
  })
})
