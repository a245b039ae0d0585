import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'

const ids = (text: string) => analyzeText(text).findings.map((f) => `${f.id}:${f.severity}`)
const find = (text: string, id: string) => analyzeText(text).findings.find((f) => f.id === id)

// A real nvidia-smi table, driver 580.65.06, "CUDA Version: 13.0".
const SMI_580 = readFileSync('test/fixtures/public/A/rtx4090-linux-580.65.06.txt', 'utf8')
// A real one from driver 470.86, "CUDA Version: 11.4".
const SMI_470 = readFileSync('test/fixtures/public/A/tesla-t4-470.86-slurm-node.txt', 'utf8')
const INSUFFICIENT = 'RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version'

describe('causes cross-checked against the rest of the paste', () => {
  it('"driver insufficient" beside a driver that supports the runtime: not an old driver, the driver library was not reached', () => {
    const text = `${SMI_580}\n$ python -c "import torch; print(torch.__version__)"\n2.5.1+cu121\n${INSUFFICIENT}`
    expect(ids(text)).not.toContain('driver-too-old-for-cuda-runtime:error')
    const f = find(text, 'driver-library-not-visible')
    expect(f?.severity).toBe('error')
    expect(f?.params).toMatchObject({ driverCuda: '13.0', runtimeCuda: '12.1' })
    expect(f?.evidence).toContain('nvidia-smi: CUDA Version 13.0')
  })

  it('… while a driver older than the runtime keeps the old-driver cause', () => {
    const text = `${SMI_470}\n2.5.1+cu121\n${INSUFFICIENT}`
    expect(ids(text)).toContain('driver-too-old-for-cuda-runtime:error')
    expect(ids(text)).not.toContain('driver-library-not-visible:error')
  })

  it('… and with no runtime stated (a driver for CUDA 13.0, older than the newest CUDA) neither cause is singled out: both as warnings', () => {
    expect(ids(`${SMI_580}\n${INSUFFICIENT}`)).toEqual(['driver-insufficient-undecided:warning', 'driver-too-old-for-cuda-runtime:warning', 'driver-library-not-visible:warning'])
  })

  it('a container started without a GPU request explains "insufficient" and "is_available() False"', () => {
    expect(ids(`$ docker run -it --rm pytorch/pytorch:2.4.0-cuda12.1-cudnn9-runtime python train.py\n${INSUFFICIENT}`)).toEqual(['container-missing-gpu-env:error'])
    expect(ids('$ docker run -it myimage python\n>>> torch.cuda.is_available()\nFalse')).toContain('container-missing-gpu-env:error')
    // The same run with --gpus all is not blamed.
    expect(ids('$ docker run --gpus all -it myimage python\n>>> torch.cuda.is_available()\nFalse')).not.toContain('container-missing-gpu-env:error')
  })

  it('a user writing "CUDA version: 11.3" is not read as the driver banner (no "driver too old for PyTorch")', () => {
    const text = "ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory\n - CUDA version:11.3"
    expect(ids(text)).not.toContain('driver-too-old-for-pytorch:error')
  })

  it('a CUDA library missing for another package is that package’s, not PyTorch’s bundled copy', () => {
    const text = '>>> import onnxruntime\nOSError: libcudnn.so.8: cannot open shared object file: No such file or directory'
    expect(ids(text)).toEqual(['library-missing-for-package:error'])
    expect(find(text, 'library-missing-for-package')?.params).toMatchObject({ package: 'onnxruntime', library: 'libcudnn.so.8' })
    const torch = `  File "/venv/lib/python3.10/site-packages/torch/__init__.py", line 229, in <module>\n    from torch._C import *\nImportError: libcudnn.so.8: cannot open shared object file: No such file or directory`
    expect(ids(torch)).toContain('bundled-cudnn-not-found:error')
  })

  it('"no kernel image" with a wheel that has code for the GPU points at an extension; without it, at the wheel', () => {
    const covered = 'RuntimeError: CUDA error: no kernel image is available for execution on the device\nGPU: RTX 4090, torch 2.7.1+cu128'
    // The wheel's code for the GPU singles the extension out.
    expect(ids(covered)).toEqual(['extension-arch-missing:error'])
    const uncovered = 'RuntimeError: CUDA error: no kernel image is available for execution on the device\nGPU: GTX 1080, torch 2.7.1+cu128'
    expect(ids(uncovered)).toContain('gpu-arch-not-in-wheel:error')
  })

  it('"Torch not compiled with CUDA enabled" beside a CUDA wheel stays a suspect, as a warning', () => {
    expect(ids('torch 2.4.1+cu121 installed\nAssertionError: Torch not compiled with CUDA enabled')).toContain('cpu-only-torch-build:warning')
    expect(ids('AssertionError: Torch not compiled with CUDA enabled')).toContain('cpu-only-torch-build:error')
  })
})

describe('held-out gaps', () => {
  it('"Found no NVIDIA driver" under WSL 1 is WSL 1, not a driver to reinstall; under WSL 2 the driver stays a suspect', () => {
    const text = "RuntimeError: Found no NVIDIA driver on your system. I'm using wsl 1 on windows 10."
    expect(ids(text)).toEqual(['wsl1-has-no-gpu:error'])
    expect(ids(text.replace('wsl 1', 'WSL2'))).toContain('driver-not-loaded:warning')
    // With the GPU named, the driver is the cause.
    expect(ids(text.replace('wsl 1', 'WSL2 with an RTX 3090'))).toContain('driver-not-loaded:error')
  })

  it('the loader\'s "symbol … version libcublasLt.so.11 not defined" wording is the same cuBLAS mix-up', () => {
    const f = find('OSError: /env/lib/libcublas.so.11: symbol free_gemm_select version libcublasLt.so.11 not defined in file libcublasLt.so.11 with link time reference', 'system-cuda-libs-shadow-wheel-libs')
    expect(f?.params).toMatchObject({ symbol: 'free_gemm_select', library: 'libcublas.so.11' })
  })
})

describe('old formats of known messages', () => {
  it('out of memory without the "CUDA out of memory" prefix', () => {
    expect(ids('RuntimeError: CUDA error: out of memory')).toContain('cuda-oom-or-memory-held:error')
    expect(ids('RuntimeError: CUDA error:out of memory')).toContain('cuda-oom-or-memory-held:error')
    const tried = find('... Tried to allocate 2.00 GiB (GPU 0; 7.79 GiB total capacity; 3.53 GiB already allocated; 1.40 GiB free)', 'cuda-oom-or-memory-held')
    expect(tried?.params).toMatchObject({ tried: '2.00 GiB', free: '1.40 GiB' })
  })

  it('a cuDNN symbol error from a toolkit directory is two cuDNN copies mixed', () => {
    const text =
      'Could not load library libcudnn_cnn_train.so.8. Error: /usr/local/cuda-11.1/targets/x86_64-linux/lib/libcudnn_ops_train.so.8: symbol _Z22cudnnX, version libcudnn_ops_infer.so.8 not defined in file libcudnn_ops_infer.so.8 with link time reference'
    expect(find(text, 'cudnn-shadowed-by-system-copy')?.params).toMatchObject({ library: '/usr/local/cuda-11.1/targets/x86_64-linux/lib/libcudnn_ops_train.so.8' })
  })
})
