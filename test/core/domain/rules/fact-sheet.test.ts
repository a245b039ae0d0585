import { describe, expect, it } from 'vitest'

import { readFactSheet } from '../../../../src/core/domain/rules/fact-sheet'

// The fact sheet reads what a paste states in whichever form its lines have, each fact with its line.
describe('the fact sheet of a paste', () => {
  it('reads the driver from an issue form, nvidia-smi -q and collect_env alike, with the line', () => {
    expect(readFactSheet('OS: Windows 11\nNvidia Driver Version: 565.77\n').driver).toEqual({ value: '565.77', line: 'Nvidia Driver Version: 565.77' })
    expect(readFactSheet('==============NVSMI LOG==============\n    Driver Version                            : 550.54.15\n    CUDA Version                              : 12.4\n').driver?.value).toBe('550.54.15')
    expect(readFactSheet('Nvidia driver version: 535.129.03\n').driver?.value).toBe('535.129.03')
  })

  it('reads nvidia-smi -q\'s CUDA as the driver\'s, but a bare "CUDA Version" elsewhere as nothing (it may be the toolkit)', () => {
    expect(readFactSheet('==============NVSMI LOG==============\n    CUDA Version                              : 12.4\n').smiCuda?.value).toBe('12.4')
    expect(readFactSheet('CUDA Version: 12.4\nPython: 3.11\n').smiCuda).toBeNull()
  })

  it('reads the runtime, the toolkit (nvcc), torch and its CUDA from pip, conda and key: value lines', () => {
    const sheet = readFactSheet(
      [
        'CUDA runtime version: 12.4.131',
        'nvcc: NVIDIA (R) Cuda compiler driver',
        'Cuda compilation tools, release 12.1, V12.1.105',
        'torch==2.5.1+cu124',
        'cuDNN version: 9.1.0',
        'Python version: 3.11.9',
      ].join('\n'),
    )
    expect(sheet.cudaRuntime?.value).toBe('12.4')
    expect(sheet.cudaToolkit).toEqual({ value: '12.1', line: 'Cuda compilation tools, release 12.1, V12.1.105' })
    expect(sheet.torch?.value).toBe('2.5.1+cu124')
    expect(sheet.torchCuda?.value).toBe('12.4')
    expect(sheet.cudnn?.value).toBe('9.1.0')
    expect(sheet.python?.value).toBe('3.11.9')
  })

  it('reads conda list build strings: a CUDA build and a CPU-only one', () => {
    expect(readFactSheet('pytorch                   2.1.0           py3.10_cuda12.1_cudnn8.9.2_0    pytorch\n').torchCuda?.value).toBe('12.1')
    const cpu = readFactSheet('pytorch                   2.1.0           cpu_py310h6c3a4c5_0    conda-forge\n')
    expect(cpu.torchCuda).toBeNull()
    expect(cpu.torchCpuOnly?.value).toBe('2.1.0')
  })

  it('a value of the wrong shape is not a fact: "Driver: NVIDIA" or "driver version 12.4" is no driver', () => {
    expect(readFactSheet('Driver: NVIDIA\ndriver version: 12.4\n').driver).toBeNull()
  })

  it('says where the program ran, and the run command', () => {
    const sheet = readFactSheet('$ docker run --rm -it img python x.py\nLinux 5.15.153.1-microsoft-standard-WSL2\nsrun -N1 --gres=gpu:1 python x.py\n')
    expect(sheet.places.map((p) => p.value)).toEqual(['container', 'wsl', 'slurm'])
    expect(sheet.runCommand?.line).toBe('$ docker run --rm -it img python x.py')
  })
})
