import { describe, expect, it } from 'vitest'

import { isCommand } from '../../../src/renderer/components/command-text'
import { findingsEnTexts as findingsEn } from '../../../src/shared/i18n/findings/en'

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
      'gpu-doctor report --format json -o $(hostname).json',
      '/usr/bin/python3 -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch torchvision --index-url https://download.pytorch.org/whl/cu130',
      '"C:\\Program Files\\Python312\\python.exe" -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu130',
      "'/opt/my env/bin/python' -m pip install torch",
      'py -m venv "%USERPROFILE%\\torch-venv" && "%USERPROFILE%\\torch-venv\\Scripts\\python.exe" -m pip install torch',
    ]) {
      expect(isCommand(c), c).toBe(true)
    }
  })

  it('offers no Copy for a template: a shell reads `<default>` as a redirect', () => {
    for (const c of ['nvidia-smi -pl <default>', 'nvidia-smi -pl <默认值>', 'docker run --gpus all <image> nvidia-smi']) expect(isCommand(c), c).toBe(false)
    expect(isCommand("pip install 'torch<2.6'")).toBe(true)
  })

  it('leaves flags, paths, identifiers and prose alone', () => {
    for (const c of ['--gpus all', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9', 'pin_memory=False', 'torch.cuda.is_available()', 'TORCH_CUDA_ARCH_LIST', 'import torch', 'nvidia-smi', '"C:\\Program Files\\NVIDIA"', '"quoted words" and prose']) {
      expect(isCommand(c), c).toBe(false)
    }
  })

  it("gives Watch's commands a Copy button: every complete command in a Watch finding's fix (py-spy, iostat, nvidia-smi pmon)", () => {
    const fixes = Object.entries(findingsEn).filter(([key]) => key.endsWith('.fix'))
    const spans = fixes.flatMap(([, text]) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace('{{pid}}', '4242')))
    for (const c of ['py-spy dump --pid 4242', 'iostat -x 1', 'nvidia-smi pmon -s u']) {
      expect(spans).toContain(c)
      expect(isCommand(c), c).toBe(true)
    }
    // The template with <pid> stays without one.
    expect(isCommand('py-spy top --pid <pid>')).toBe(false)
  })
})

