import { describe, expect, it } from 'vitest'

import { isCommand } from './command-text'

describe('isCommand', () => {
  it('takes shell commands of the fixes', () => {
    for (const c of [
      'pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu130',
      '/usr/bin/python3 -m pip install torch',
      'C:\\Python312\\python.exe -m pip install torch',
      'sudo nvidia-ctk runtime configure --runtime=docker',
      'docker run --gpus all --rm nvidia/cuda:13.0.0-base-ubuntu24.04 nvidia-smi',
      'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH',
      '$env:CUDA_VISIBLE_DEVICES = "0"',
      'CUDA_VISIBLE_DEVICES=0 python train.py',
      'nvidia-smi -pm 1',
    ]) {
      expect(isCommand(c), c).toBe(true)
    }
  })

  it('leaves flags, paths, identifiers and prose alone', () => {
    for (const c of ['--gpus all', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9', 'pin_memory=False', 'torch.cuda.is_available()', 'TORCH_CUDA_ARCH_LIST', 'import torch', 'nvidia-smi']) {
      expect(isCommand(c), c).toBe(false)
    }
  })
})
