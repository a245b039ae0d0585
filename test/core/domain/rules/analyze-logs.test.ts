import { describe, expect, it } from 'vitest'

import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'
import { detectTextKind } from '../../../../src/core/domain/rules/detect-text-kind'
import type { Finding } from '../../../../src/shared/diagnosis'

// Logs written for these tests from the symptoms quoted in failure-modes.md.
const ids = (findings: Finding[]) => findings.map((f) => `${f.id}:${f.severity}`)

const OOM = `Traceback (most recent call last):
  File "train.py", line 88, in <module>
    loss = model(batch).sum()
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 86.00 MiB. GPU 0 has a total capacity of 23.64 GiB of which 264.00 MiB is free. Process 2086283 has 419.48 MiB memory in use. Including non-PyTorch memory, this process has 8.04 GiB memory in use. Process 2797307 has 14.85 GiB memory in use. Of the allocated memory 7.63 GiB is allocated by PyTorch, and 40.11 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.
`

const NVJITLINK = `>>> import torch
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
  File "/home/me/venv/lib/python3.10/site-packages/torch/__init__.py", line 235, in <module>
    from torch._C import *  # noqa: F403
ImportError: /home/me/venv/lib/python3.10/site-packages/torch/lib/../../nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkComplete_12_4, version libnvJitLink.so.12
`

const WATCHDOG = `[rank0]:[E ProcessGroupNCCL.cpp:563] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.
[rank0]:[E ProcessGroupNCCL.cpp:1537] [PG 0 Rank 0] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.
`

const CUDNN_MISSING = `Traceback (most recent call last):
  File "app.py", line 1, in <module>
    import torch
  File "/usr/lib64/python3.9/site-packages/torch/__init__.py", line 237, in <module>
    from torch._C import *  # noqa: F403
ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory
`

const CLEAN = `Epoch 1/10
100%|██████████| 782/782 [00:41<00:00, 18.9it/s, loss=1.214]
val accuracy: 0.5731
Epoch 2/10
100%|██████████| 782/782 [00:40<00:00, 19.3it/s, loss=0.902]
val accuracy: 0.6694
Saved checkpoint to runs/exp1/epoch2.pt
`

const NCCL_SHM = `node1:312:389 [1] include/shm.h:28 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-WU88OE (size 9637888), error: No space left on device (28)
RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled system error, NCCL version 2.14.3
`

const CUDNN_INCOMPAT = `RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 7, 0) but found runtime version (8, 2, 4). PyTorch already comes bundled with cuDNN. One option to resolving this error is to ensure PyTorch can find the bundled cuDNN.
`

const RTX5090_ENV = `PyTorch version: 2.5.1+cu124
Is debug build: False
CUDA used to build PyTorch: 12.4
ROCM used to build PyTorch: N/A

OS: Ubuntu 24.04.1 LTS (x86_64)
Is CUDA available: True
CUDA runtime version: Could not collect
GPU models and configuration: GPU 0: NVIDIA GeForce RTX 5090
Nvidia driver version: 570.133.07
cuDNN version: Probably one of the following:
/usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.7
/usr/lib/x86_64-linux-gnu/libcudnn_ops_infer.so.8.9.7

Versions of relevant libraries:
[pip3] nvidia-cudnn-cu12==9.1.0.70
[pip3] torch==2.5.1+cu124
[pip3] torchvision==0.20.1+cu121
[conda] Could not collect
`

const LDD_SHADOWED = `$ ldd /home/me/venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so
\tlinux-vdso.so.1 (0x00007ffd1c5f2000)
\tlibc10_cuda.so => /home/me/venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so (0x00007f1a2c000000)
\tlibcudnn.so.9 => /usr/local/cuda-12.1/lib64/libcudnn.so.9 (0x00007f1a20000000)
\tlibcublas.so.12 => /home/me/venv/lib/python3.12/site-packages/torch/lib/../../nvidia/cublas/lib/libcublas.so.12 (0x00007f1a10000000)
\tlibc10.so => not found
\t/lib64/ld-linux-x86-64.so.2 (0x00007f1a3c000000)
`

describe('analyzeText on written logs', () => {
  it('reads a CUDA OOM and sums the memory other processes hold', () => {
    const result = analyzeText(OOM)
    expect(result.kind).toBe('log')
    expect(ids(result.findings)).toEqual(['cuda-oom-or-memory-held:error'])
    expect(result.findings[0]?.params).toEqual({
      tried: '86.00 MiB',
      gpu: '0',
      total: '23.64 GiB',
      free: '264.00 MiB',
      otherProcessesGiB: 15.26,
    })
    expect(result.findings[0]?.evidence).toMatch(/^torch\.OutOfMemoryError: CUDA out of memory/)
  })

  it('gives the same result for CRLF text, with evidence free of \\r', () => {
    const result = analyzeText(OOM.replace(/\n/g, '\r\n'))
    expect(ids(result.findings)).toEqual(['cuda-oom-or-memory-held:error'])
    expect(result.findings[0]?.evidence).not.toContain('\r')
  })

  it('recognises an nvJitLink symbol clash as system CUDA libraries shadowing the wheel', () => {
    const [finding] = analyzeText(NVJITLINK).findings
    expect(finding?.id).toBe('system-cuda-libs-shadow-wheel-libs')
    expect(finding?.params).toEqual({ symbol: '__nvJitLinkComplete_12_4', library: 'libcusparse.so.12' })
  })

  it('recognises an NCCL watchdog timeout with its operation and timeout', () => {
    const result = analyzeText(WATCHDOG)
    expect(ids(result.findings)).toEqual(['nccl-watchdog-timeout:error'])
    expect(result.findings[0]?.params).toEqual({ opType: 'ALLREDUCE', timeoutMs: '600000', rank: '0' })
  })

  it('recognises a missing bundled cuDNN at import', () => {
    const result = analyzeText(CUDNN_MISSING)
    expect(ids(result.findings)).toEqual(['bundled-cudnn-not-found:error'])
    expect(result.findings[0]?.params).toEqual({ library: 'libcudnn.so.9', install: expect.stringMatching(/^python3 -m pip install --force-reinstall torch --index-url https:\/\/download\.pytorch\.org\/whl\/cu\d+$/) })
  })

  it('writes the install command for the driver CUDA the paste shows (nvidia-smi banner or driver version)', () => {
    const error = 'AssertionError: Torch not compiled with CUDA enabled\n'
    const banner = '| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n'
    const [cpu12] = analyzeText(error + banner).findings
    expect(cpu12?.id).toBe('cpu-only-torch-build')
    expect(cpu12?.params.install).toBe('python3 -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu124')
    const [cpu13] = analyzeText(`${error}Nvidia driver version: 580.159.04\n`).findings
    expect(cpu13?.fix).toContain('whl/cu130')
    expect(cpu13?.fix).not.toContain('cu128')
  })

  it('finds nothing in a clean training log', () => {
    expect(analyzeText(CLEAN)).toEqual({ kind: 'log', findings: [] })
    expect(analyzeText('')).toEqual({ kind: 'log', findings: [] })
  })

  it('blames NCCL shared memory only, not DataLoader shm or the network, for an NCCL /dev/shm failure', () => {
    expect(ids(analyzeText(NCCL_SHM).findings)).toEqual(['nccl-shm-too-small:error'])
  })

  it('reads both cuDNN versions of a version incompatibility', () => {
    const [finding] = analyzeText(CUDNN_INCOMPAT).findings
    expect(finding?.id).toBe('cudnn-shadowed-by-system-copy')
    expect(finding?.severity).toBe('error')
    expect(finding?.params).toEqual({ compiled: '8.7.0', found: '8.2.4' })
  })

  it('tells Xid 79 from a PCI bus number that contains 79', () => {
    expect(ids(analyzeText('NVRM: Xid (PCI:0000:06:00): 79, pid=1234, GPU has fallen off the bus.\n').findings)).toEqual([
      'gpu-fallen-off-bus:error',
    ])
    // Bus 79 is no Xid 79: the line is Xid 13, said as a reported Xid.
    const xid13 = analyzeText('NVRM: Xid (PCI:0000:79:00): 13, Graphics SM Warp Exception\n').findings
    expect(ids(xid13)).toEqual(['xid-reported:warning'])
    expect(xid13[0]?.params).toMatchObject({ count: 1, xids: '13' })
  })

  it('reads the Compose wording of the missing Docker GPU support, undecided against no GPU until a GPU is shown', () => {
    const message = 'Error response from daemon: could not select device driver "nvidia" with capabilities: [[gpu]]'
    const alone = analyzeText(message).findings
    expect(ids(alone)).toEqual(['docker-gpu-undecided:warning', 'docker-gpu-support-missing:warning', 'no-nvidia-gpu:warning'])
    expect(alone.find((f) => f.id === 'docker-gpu-support-missing')?.params).toEqual({ driver: 'nvidia' })
    expect(ids(analyzeText(`${message}\nI have an RTX 3090 and nvidia-smi works`).findings)).toEqual(['docker-gpu-support-missing:error'])
  })
})

describe('analyzeText on written collect_env and ldd outputs', () => {
  it('flags an RTX 5090 on a cu124 wheel, a torchvision of another CUDA, and a system cuDNN 8 beside cuDNN 9 wheels', () => {
    const result = analyzeText(RTX5090_ENV)
    expect(result.kind).toBe('collect_env')
    expect(ids(result.findings)).toEqual([
      'gpu-arch-not-in-wheel:warning',
      'cudnn-shadowed-by-system-copy:warning',
      'torchvision-torch-mismatch:warning',
    ])
    // Driver 570 runs CUDA 12.8 at most: the fixes install from cu128 (which has sm_120), not the newest index.
    expect(result.findings[0]?.params).toEqual({
      gpu: 'NVIDIA GeForce RTX 5090',
      arch: 'sm_120',
      torchCuda: '12.4',
      minCuda: '12.8',
      install: 'python3 -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu128',
    })
    expect(result.findings[2]?.params).toEqual({
      torch: '2.5.1+cu124 (cu124)',
      torchvision: '0.20.1+cu121 (cu121)',
      install: 'python3 -m pip install --force-reinstall torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu128',
    })
    expect(result.findings[0]?.fix).toContain('`python3 -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu128`')
  })

  it('flags a cuDNN resolved outside the wheel and a missing library, naming the inspected file', () => {
    const result = analyzeText(LDD_SHADOWED)
    expect(result.kind).toBe('ldd')
    expect(ids(result.findings)).toEqual(['library-not-found:error', 'cudnn-shadowed-by-system-copy:warning'])
    expect(result.findings[0]?.params).toEqual({
      library: 'libc10.so',
      file: '/home/me/venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so',
    })
    expect(result.findings[0]?.message).toBe(
      'The dynamic loader cannot find libc10.so (/home/me/venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so).',
    )
    expect(result.findings[1]?.evidence).toBe('libcudnn.so.9 => /usr/local/cuda-12.1/lib64/libcudnn.so.9 (0x00007f1a20000000)')
  })
})

describe('detectTextKind', () => {
  it.each([
    ['log', OOM],
    ['collect_env', RTX5090_ENV],
    ['ldd', LDD_SHADOWED],
    ['nvidia-smi', 'Failed to initialize NVML: Driver/library version mismatch\r\nNVML library version: 570.124\r\n'],
    ['log', 'libfoo.so => not found'],
  ])('%s (case %#)', (kind, text) => expect(detectTextKind(text)).toBe(kind))
})
