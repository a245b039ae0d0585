import { describe, expect, it } from 'vitest'

import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'

const ids = (text: string) => analyzeText(text).findings.map((f) => `${f.id}:${f.severity}`)
const INSUFFICIENT = 'RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version'

// A message that can mean several causes: each is weighed against the whole paste; an error only when the facts single one out.
describe('the differential of "driver version is insufficient"', () => {
  it('beside "Nvidia Driver Version: 565.77" (CUDA 12.7) and a CUDA 12.4 runtime: never "driver too old"; the driver was not reached', () => {
    const text = `Nvidia Driver Version: 565.77\nCUDA runtime version: 12.4.131\n${INSUFFICIENT}\n`
    expect(ids(text)).toEqual(['driver-library-not-visible:error'])
    expect(analyzeText(text).findings[0]!.evidence).toContain('Nvidia Driver Version: 565.77')
  })

  it('the same driver with torch 2.5.1+cu124 written as pip freeze shows it', () => {
    expect(ids(`torch==2.5.1+cu124\nNvidia Driver Version: 565.77\n${INSUFFICIENT}`)).toEqual(['driver-library-not-visible:error'])
  })

  it('the driver given but not the runtime: both causes as warnings, old driver first, after the finding that says how to tell them apart', () => {
    expect(ids(`Nvidia Driver Version: 565.77\n${INSUFFICIENT}`)).toEqual([
      'driver-insufficient-undecided:warning',
      'driver-too-old-for-cuda-runtime:warning',
      'driver-library-not-visible:warning',
    ])
  })

  it('a driver older than the runtime the paste states: the old driver, at error', () => {
    const found = ids(`Nvidia Driver Version: 470.82\nCUDA runtime version: 12.1\n${INSUFFICIENT}`)
    expect(found).toContain('driver-too-old-for-cuda-runtime:error')
    expect(found.filter((f) => f.endsWith(':error'))).toHaveLength(1)
    expect(found).not.toContain('driver-library-not-visible:warning')
  })

  it('a driver that runs the newest CUDA there is (R615, CUDA 13.4, in driver-branches.json): never too old, even with no runtime stated', () => {
    expect(ids(`Driver Version: 615.71.09\n${INSUFFICIENT}`)).toEqual(['driver-library-not-visible:error'])
  })
})

describe('the differential of other messages', () => {
  it('libcuda.so.1 missing at `import torch`: never "reinstall torch" (it is the driver\'s library); a container or no driver, as warnings', () => {
    const text = 'Traceback (most recent call last):\n  File "/opt/conda/lib/python3.10/site-packages/torch/__init__.py", line 53, in <module>\n    from torch._C import *\nImportError: libcuda.so.1: cannot open shared object file: No such file or directory\n'
    expect(ids(text)).toEqual(['libcuda-missing-undecided:warning', 'container-missing-gpu-env:warning', 'driver-not-loaded:warning'])
  })

  it('libcuda.so.1 missing under WSL 2: the WSL loader path, at error', () => {
    expect(ids('Linux 5.15.153.1-microsoft-standard-WSL2\nImportError: libcuda.so.1: cannot open shared object file: No such file or directory\n')).toEqual([
      'wsl-libcuda-not-on-loader-path:error',
    ])
  })

  it('no kernel image on a GPU named without a PyTorch build: the wheel or an extension, as warnings', () => {
    expect(ids('RuntimeError: CUDA error: no kernel image is available for execution on the device\n80G A800\n')).toEqual([
      'no-kernel-image-undecided:warning',
      'gpu-arch-not-in-wheel:warning',
      'extension-arch-missing:warning',
    ])
  })

  it('no kernel image with PyTorch saying the GPU is not compatible: the wheel, at error', () => {
    const text = 'UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.\nRuntimeError: CUDA error: no kernel image is available for execution on the device\n'
    expect(ids(text)).toContain('gpu-arch-not-in-wheel:error')
    expect(ids(text)).not.toContain('extension-arch-missing:warning')
  })

  it('"Unable to determine the device handle" alone: off the bus or a library mismatch, as warnings; with Xid 79: off the bus', () => {
    const line = 'Unable to determine the device handle for GPU0000:65:00.0: Unknown Error'
    expect(ids(line)).toEqual(['device-handle-undecided:warning', 'gpu-fallen-off-bus:warning', 'nvml-driver-library-mismatch:warning'])
    expect(ids(`NVRM: Xid (PCI:0000:65:00): 79, pid=1234, GPU has fallen off the bus.\n${line}`)).toEqual(['gpu-fallen-off-bus:error'])
  })
})
