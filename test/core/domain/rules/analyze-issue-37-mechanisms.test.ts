import { describe, expect, it } from 'vitest'

import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'

const ids = (text: string) => analyzeText(text).findings.map((f) => `${f.id}:${f.severity}`)
const FOUND_NO_DRIVER = 'RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver'
const SMI_FAILED = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running."

// "No driver answered" means a driver not loaded only where there is a GPU to drive (issue 37).
describe('the differential of "no NVIDIA driver"', () => {
  it('alone: no driver or no NVIDIA GPU, as warnings, after the finding that says how to tell them apart', () => {
    expect(ids(FOUND_NO_DRIVER)).toEqual(['no-driver-or-gpu-undecided:warning', 'driver-not-loaded:warning', 'no-nvidia-gpu:warning'])
    const undecided = analyzeText(FOUND_NO_DRIVER).findings[0]!
    expect(undecided.fix).toContain('lspci | grep -i nvidia')
    // The suspect's own words, not the PCI count the live check reads.
    expect(analyzeText(FOUND_NO_DRIVER).findings[2]!.message).not.toContain('?')
  })

  it('with the GPU shown (lspci, its name, /dev/nvidia0) or the module missing: the driver, at error', () => {
    expect(ids(`01:00.0 VGA compatible controller: NVIDIA Corporation GA102 [GeForce RTX 3090]\n${SMI_FAILED}`)).toEqual(['driver-not-loaded:error'])
    expect(ids(`GPU: GeForce GTX 1080 Ti\n${FOUND_NO_DRIVER}`)).toEqual(['driver-not-loaded:error'])
    expect(ids(`modprobe: FATAL: Module nvidia not found.\n${SMI_FAILED}`)).toEqual(['driver-not-loaded:error'])
    expect(ids(`modprobe: ERROR: could not insert 'nvidia': Key was rejected by service\n${SMI_FAILED}`)).toEqual(['driver-not-loaded:error'])
  })

  it('inside a Slurm job: the job without a GPU is a candidate too; a docker run without --gpus is the cause', () => {
    expect(ids(`$ srun -p cpu --pty bash\n$ nvidia-smi\n${SMI_FAILED}`)).toEqual([
      'no-driver-or-gpu-undecided:warning',
      'driver-not-loaded:warning',
      'no-nvidia-gpu:warning',
      'job-without-gpu:warning',
    ])
    expect(ids(`$ docker run -it ubuntu:22.04 nvidia-smi\n${SMI_FAILED}`)).toContain('container-missing-gpu-env:error')
    expect(ids(`$ docker run -it ubuntu:22.04 nvidia-smi\n${SMI_FAILED}`)).not.toContain('driver-not-loaded:error')
    // Started with --gpus: the container got its GPU request, so it is not among the candidates.
    expect(ids(`$ docker run --gpus all -it ubuntu:22.04 nvidia-smi\n${SMI_FAILED}`)).toEqual([
      'no-driver-or-gpu-undecided:warning',
      'driver-not-loaded:warning',
      'no-nvidia-gpu:warning',
    ])
  })
})

describe('messages that are confident only with the fact that decides', () => {
  it('error 46 "busy or unavailable": exclusive compute mode at error only when the paste shows that mode', () => {
    const line = 'Check failed: error == cudaSuccess (46 vs. 0)  all CUDA-capable devices are busy or unavailable'
    expect(ids(line)).toEqual(['exclusive-compute-mode-busy:warning'])
    expect(ids(`|   0  Tesla V100   On   | 00000000:00:1E.0 Off |  0%  E. Process |\n${line}`)).toEqual(['exclusive-compute-mode-busy:error'])
  })

  it('a DLL of ZLUDA (a CUDA shim on AMD GPUs): no Visual C++ / reinstall-torch fix', () => {
    const nvidia = 'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\venv\\lib\\site-packages\\torch\\lib\\c10.dll" or one of its dependencies.'
    expect(ids(nvidia)).toEqual(['windows-dll-load-failure:error'])
    expect(ids(nvidia.replace('C:\\venv', 'C:\\ComfyUI-Zluda\\venv'))).toEqual([])
  })

  it('the driver floor of today\'s wheels: an error beside a stated PyTorch, a warning when the paste names none or a CPU build explains it', () => {
    const smi = '| NVIDIA-SMI 410.72       Driver Version: 410.72       CUDA Version: 10.0     |\n'
    expect(ids(`${smi}AssertionError: Torch not compiled with CUDA enabled`)).toEqual(['cpu-only-torch-build:error', 'driver-too-old-for-pytorch:warning'])
  })

  it('libcudnn missing for another package (from X import *, frames in its site-packages): not PyTorch\'s bundled copy', () => {
    expect(ids('from onnxruntime_genai.onnxruntime_genai import *\nImportError: libcudnn.so.8: cannot open shared object file: No such file or directory')).toEqual([
      'library-missing-for-package:error',
    ])
    const tf = [
      'Traceback (most recent call last):',
      '  File "/env/lib/python3.6/site-packages/tensorflow/python/pywrap_tensorflow_internal.py", line 24, in swig_import_helper',
      "    _mod = imp.load_module('_pywrap_tensorflow_internal', fp, pathname, description)",
      '  File "/env/lib/python3.6/imp.py", line 343, in load_dynamic',
      '    return _load(spec)',
      'ImportError: libcudnn.so.7: cannot open shared object file: No such file or directory',
    ].join('\n')
    expect(analyzeText(tf).findings.map((f) => [f.id, f.params.package])).toEqual([['library-missing-for-package', 'tensorflow']])
    expect(ids(tf.replaceAll('tensorflow/python/pywrap_tensorflow_internal.py', 'torch/__init__.py'))).toEqual(['bundled-cudnn-not-found:error'])
  })
})

describe('tolerant readers of a CPU build, a hidden GPU and an old GPU', () => {
  it('conda list rows of a CPU build: cpuonly, pytorch-mutex cpu, a py3.8_cpu_0 build string', () => {
    expect(ids('cpuonly                   2.0                           0    pytorch')).toEqual(['cpu-only-torch-build:error'])
    expect(ids('pytorch-mutex             1.0                         cpu    pytorch')).toEqual(['cpu-only-torch-build:error'])
    expect(ids('pytorch                   1.11.0              py3.8_cpu_0    pytorch')).toEqual(['cpu-only-torch-build:error'])
    expect(ids('pytorch                   1.11.0  py3.8_cuda11.3_cudnn8.2.0_0    pytorch')).toEqual([])
  })

  it('collect_env\'s "CUDA used to build PyTorch: Could not collect" beside "Is CUDA available: False": a CPU build', () => {
    const env = 'PyTorch version: 2.2.2\nIs debug build: False\nCUDA used to build PyTorch: Could not collect\nROCM used to build PyTorch: N/A\n\nOS: Microsoft Windows 11\nIs CUDA available: False\n'
    expect(ids(env)).toEqual(['cpu-only-torch-build:error'])
    expect(ids(env.replace('Is CUDA available: False', 'Is CUDA available: True'))).not.toContain('cpu-only-torch-build:error')
  })

  it('CUDA_VISIBLE_DEVICES set where PyTorch sees no GPU: a warning naming the variable', () => {
    const text = '`export CUDA_VISIBLE_DEVICES=1`\nthe following returns false\n`torch.cuda.is_available()`'
    expect(ids(text)).toEqual(['cuda-visible-devices-misconfigured:warning'])
    expect(analyzeText(text).findings[0]!.evidence).toContain('CUDA_VISIBLE_DEVICES=1')
    expect(ids('`export CUDA_VISIBLE_DEVICES=1`\ntraining runs fine')).toEqual([])
  })

  it('a Jetson where is_available() is False: the aarch64 PyPI wheel is CPU-only (warning)', () => {
    const text = 'installed torch on my jetson nano (Jetpack 4.4 [L4T 32.4.3]), but cuda.is_available() returns false'
    expect(ids(text)).toEqual(['cpu-only-torch-build:warning'])
    expect(analyzeText(text).findings[0]!.evidence).toContain('JetPack')
  })

  it('PyTorch\'s "no longer supports this GPU because it is too old": the build lacks the GPU\'s architecture', () => {
    const text = 'Found GPU0 NVIDIA GTX TITAN Black which is of cuda capability 3.5. PyTorch no longer supports this GPU because it is too old. The minimum cuda capability supported by this library is 3.7.'
    const [finding] = analyzeText(text).findings
    expect(finding).toMatchObject({ id: 'gpu-arch-not-in-wheel', severity: 'error', params: { gpu: 'NVIDIA GTX TITAN Black', arch: 'sm_35', supported: '3.7' } })
  })

  it('a bare GLIBC refusal of torch\'s own library, without the traceback: PyTorch built for a newer glibc', () => {
    const text = "ImportError: /lib/aarch64-linux-gnu/libc.so.6: version `GLIBC_2.28' not found (required by /env/lib/python3.7/site-packages/torch/lib/libtorch_python.so)"
    expect(ids(text)).toEqual(['torch-import-glibc-too-old:error'])
    // Any loader refusal of torch's own library, without the traceback: an undefined symbol, a file missing.
    expect(ids('OSError: /venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister')).toEqual([
      'torch-import-undefined-symbol:error',
    ])
  })

  it('a wheel named without code for the GPU named is said even without "no kernel image" (a warning: another GPU may be in use)', () => {
    const findings = analyzeText('torch==2.1.0+cu121\nGPU: NVIDIA GeForce GTX 660\n').findings
    expect(findings.map((f) => [f.id, f.severity, f.params.arch])).toEqual([['gpu-arch-not-in-wheel', 'warning', 'sm_30']])
    expect(analyzeText('torch==2.1.0+cu121\nGPU: NVIDIA GeForce RTX 3090\n').findings).toEqual([])
  })

  it('"no kernel image" on a line naming a CUDA source that is not PyTorch\'s: the extension\'s (or the program\'s own) kernel, at error', () => {
    const mmcv = 'RuntimeError: CUDA error: no kernel image is available for execution on the device (NMSCUDAKernelLauncher at ./mmcv/ops/csrc/pytorch/nms_cuda.cu:50)'
    expect(ids(mmcv)).toEqual(['extension-arch-missing:error'])
    expect(ids('[error][simple_yolo.cu:556]:launch failed: no kernel image is available for execution on the device')).toEqual(['extension-arch-missing:error'])
    // PyTorch's own source says nothing about an extension.
    expect(ids('RuntimeError: no kernel image is available for execution on the device at /pytorch/aten/src/THC/THCReduceAll.cu:327')).toContain(
      'no-kernel-image-undecided:warning',
    )
  })

  it('"no kernel image" after PyTorch\'s "no longer supports this GPU because it is too old": the build, at error', () => {
    const text = 'Found GPU0 GeForce GTX 660 Ti which is of cuda capability 3.0.\n    PyTorch no longer supports this GPU because it is too old.\n    The minimum cuda capability that we support is 3.5.\nRuntimeError: CUDA error: no kernel image is available for execution on the device'
    expect(ids(text)).toEqual(['gpu-arch-not-in-wheel:error'])
  })

  it('the innermost error wins over its wrapper: WinError 1455 inside "Error loading … dll" is the paging file, not a missing runtime', () => {
    const text = 'OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "C:\\venv\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its dependencies.'
    expect(ids(text)).toEqual(['windows-paging-file-too-small:error'])
    expect(ids(text.replace('[WinError 1455] The paging file is too small for this operation to complete.', '[WinError 126] The specified module could not be found.'))).toEqual([
      'windows-dll-load-failure:error',
    ])
  })

  it('NCCL\'s "unhandled cuda error" wrapping "Cuda failure \'out of memory\'": out of memory', () => {
    const text = "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1207, unhandled cuda error, NCCL version 2.14.3\nLast error:\nCuda failure 'out of memory'"
    expect(ids(text)).toEqual(['cuda-oom-or-memory-held:error'])
  })

  it('more wordings of the same causes: torchvision\'s CUDA check, "invalid device function", "CUDA driver initialization failed"', () => {
    expect(ids('RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. PyTorch has CUDA Version=11.7 and torchvision has CUDA Version=12.1.')).toEqual([
      'torchvision-torch-mismatch:error',
    ])
    expect(ids('RuntimeError: CUDA error: invalid device function')).toEqual(['no-kernel-image-undecided:warning', 'gpu-arch-not-in-wheel:warning', 'extension-arch-missing:warning'])
    expect(ids('RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.')).toEqual([
      'no-driver-or-gpu-undecided:warning',
      'driver-not-loaded:warning',
      'no-nvidia-gpu:warning',
    ])
  })

  it('"No CUDA GPUs are available": CUDA_VISIBLE_DEVICES at error only where the paste sets it; alone, the candidates (the variable, the driver, no GPU); in a Slurm job the job without a GPU too', () => {
    const line = 'RuntimeError: No CUDA GPUs are available'
    // Blind set 5 had this message from a machine whose kernel was updated without a reboot: not the variable.
    expect(ids(line)).toEqual(['no-device-undecided:warning', 'cuda-visible-devices-misconfigured:warning', 'driver-not-loaded:warning', 'no-nvidia-gpu:warning'])
    expect(ids(`$ sbatch train.sh\n${line}`)).toEqual(expect.arrayContaining(['no-device-undecided:warning', 'cuda-visible-devices-misconfigured:warning', 'job-without-gpu:warning']))
    expect(ids(`$ sbatch train.sh\n${line}`).filter((id) => id.endsWith(':error'))).toEqual([])
    expect(ids(`export CUDA_VISIBLE_DEVICES=3\n${line}`)).toEqual(['cuda-visible-devices-misconfigured:error'])
    expect(ids(`$ sbatch train.sh\nexport CUDA_VISIBLE_DEVICES=\n${line}`)).toEqual(['cuda-visible-devices-misconfigured:error'])
    expect(ids(`$ sbatch train.sh\nexport CUDA_VISIBLE_DEVICES=0\n${line}`)).toContain('job-without-gpu:warning')
    expect(ids(`$ sbatch train.sh\nexport CUDA_VISIBLE_DEVICES=$SLURM_LOCALID\n${line}`)).toContain('job-without-gpu:warning')
    expect(ids(`$ docker run -it pytorch/pytorch:2.1.0-cuda11.8-cudnn8-runtime python train.py\n${line}`)).toEqual(['container-missing-gpu-env:error'])
  })

  it('a +cpu version beside torch named as a CUDA build is another package\'s: not a confident CPU-only torch', () => {
    expect(ids('torch==2.0.1+cu118\ntorchaudio==2.0.1+cpu\n')).toEqual(['cpu-only-torch-build:warning'])
    expect(ids('torch==2.0.1+cpu\n')).toEqual(['cpu-only-torch-build:error'])
  })

  it('memory in use while nvidia-smi\'s process table lists nothing is said (a warning beside the out-of-memory error)', () => {
    const table = (used: number) =>
      `| 30%   40C    P8    15W / 200W |   ${used}MiB /  8192MiB |      0%      Default |\n| Processes:                                  |\n|  No running processes found                 |\n`
    const oom = 'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB.\n'
    expect(ids(oom + table(7800))).toEqual(['cuda-oom-or-memory-held:error', 'container-processes-hidden:warning'])
    expect(ids(oom + table(300))).toEqual(['cuda-oom-or-memory-held:error'])
  })

  it('an extension\'s binary missing a PyTorch symbol: built for another torch (a warning); torch\'s own library is not an extension', () => {
    const text = 'ImportError: /env/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104impl3cow11cow_deleterEPv'
    const [finding] = analyzeText(text).findings
    expect(finding).toMatchObject({ id: 'extension-built-for-other-torch', severity: 'warning', params: { library: 'flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so' } })
    expect(ids('OSError: /env/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: _ZN3c104cuda9SetDeviceEi')).not.toContain(
      'extension-built-for-other-torch:warning',
    )
  })

  it('several GPUs the wheel covers differently: the paste does not say which one failed, so the wheel is not singled out', () => {
    const kernel = 'RuntimeError: CUDA error: no kernel image is available for execution on the device\n'
    expect(ids(`${kernel}torch==2.1.0+cu121\nGPU 0: NVIDIA GeForce GTX 660\n`)).toEqual(['gpu-arch-not-in-wheel:error'])
    expect(ids(`${kernel}torch==2.1.0+cu121\nGPU 0: NVIDIA GeForce GTX 660\nGPU 1: NVIDIA GeForce RTX 3090\n`)).toEqual([
      'no-kernel-image-undecided:warning',
      'gpu-arch-not-in-wheel:warning',
      'extension-arch-missing:warning',
    ])
  })
})
