import { readFileSync, readdirSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'
import { FindingSchema, type Finding } from '../../../../src/shared/diagnosis'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/public/${path}`, import.meta.url), 'utf8')
const ids = (findings: Finding[]) => findings.map((f) => `${f.id}:${f.severity}`)
const byId = (findings: Finding[], id: string) => findings.find((f) => f.id === id)

// Expectations follow the descriptions in test/fixtures/public/INDEX.md, sections D and E.
const COLLECT_ENV: Record<string, string[]> = {
  'collect_env-1.0.0-cuda90-conda-wrong-build-windows-gtx1050-398.36-transcribed.txt': ['conda-build-other-cuda:info'],
  'collect_env-1.11.0+cu102-rtx2080ti-440.64-stale-cudnn-7.0.5.txt': ['cudnn-shadowed-by-system-copy:warning'],
  'collect_env-1.12.1+cu113-no-driver-visible-colab-like.txt': ['gpu-not-visible-to-torch:error', 'cudnn-shadowed-by-system-copy:warning'],
  // An NGC container: CUDA 11.8 on a 515 (CUDA 11.7) driver runs through minor-version compatibility.
  'collect_env-1.14.0a0-rtx-a5000-515.65.01-cudnn-probably-list.txt': ['cuda-minor-version-compat:info'],
  'collect_env-1.14dev-macos-arm64-no-cuda.txt': [],
  'collect_env-1.3.0a0-windows-gtx1080ti-411.31-mojibake-os-CRLF.txt': [],
  'collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt': ['cpu-only-torch-build:error'],
  // A 418 driver (CUDA 10.1) runs no PyTorch wheel GPU Doctor knows: that comes first.
  'collect_env-1.6.0-cu102-driver-418.67-too-old-2x-v100-transcribed.txt': ['driver-too-old-for-pytorch:error', 'driver-too-old-for-cuda-runtime:error'],
  'collect_env-1.7.0-rtx3090+rtx2080ti-455.38-mixed-gpus.txt': ['device-order-mismatch:info'],
  'collect_env-1.9.0a0-4x-v100-sxm2-450.51.06.txt': [],
  'collect_env-2.0.0dev+cpu-centos-no-cuda-with-cpu-section.txt': ['cpu-only-torch-build:error'],
}

const FAILING: Record<string, { kind: string; ids: string[] }> = {
  // The message alone: an old driver or a program that did not reach it; the paste states neither driver nor runtime.
  'devicequery-cuda-driver-insufficient-for-runtime.txt': {
    kind: 'log',
    ids: ['driver-insufficient-undecided:warning', 'driver-too-old-for-cuda-runtime:warning', 'driver-library-not-visible:warning'],
  },
  // The bare message: Docker has no GPU runtime, or the machine has no NVIDIA GPU; nothing in the paste decides.
  'docker-could-not-select-device-driver-gpu.txt': { kind: 'log', ids: ['docker-gpu-undecided:warning', 'docker-gpu-support-missing:warning', 'no-nvidia-gpu:warning'] },
  'docker-sock-permission-denied-ping-modern.txt': { kind: 'log', ids: ['docker-socket-permission-denied:error'] },
  'docker-sock-permission-denied-v1.40-legacy.txt': { kind: 'log', ids: ['docker-socket-permission-denied:error'] },
  // TensorRT's plugin, no PyTorch in the listing: the libraries are missing, not PyTorch's bundled copies.
  'ldd-libnvinfer_plugin-libcudnn8-not-found.txt': { kind: 'ldd', ids: ['library-not-found:error'] },
  'ldd-libtorch_cuda-libcublas-not-found.txt': { kind: 'ldd', ids: ['bundled-cudnn-not-found:error'] },
  // The message alone (no GPU, no PyTorch build in the paste): the wheel or an extension.
  'no-kernel-image-rtx5090d-pytorch-interactive.txt': { kind: 'log', ids: ['no-kernel-image-undecided:warning', 'gpu-arch-not-in-wheel:warning', 'extension-arch-missing:warning'] },
  'nvidia-smi-failed-couldnt-communicate-modprobe-fatal.txt': { kind: 'nvidia-smi', ids: ['driver-not-loaded:error'] },
  'nvml-driver-library-version-mismatch-570.124.txt': { kind: 'nvidia-smi', ids: ['nvml-driver-library-mismatch:error'] },
  'sm120-not-compatible-userwarning-windows-rtx5090.txt': { kind: 'log', ids: ['gpu-arch-not-in-wheel:error'] },
  'torch-cuda-init-driver-too-old-found-11000.txt': { kind: 'log', ids: ['driver-too-old-for-pytorch:error', 'driver-too-old-for-cuda-runtime:error'] },
}

describe('analyzeText on public collect_env reports (fixtures D)', () => {
  it('covers every file of the folder', () => {
    expect(readdirSync(new URL('../../../fixtures/public/D', import.meta.url)).sort()).toEqual(Object.keys(COLLECT_ENV).sort())
  })

  it.each(Object.entries(COLLECT_ENV))('%s', (file, expected) => {
    const result = analyzeText(fixture(`D/${file}`))
    expect(result.kind).toBe('collect_env')
    expect(ids(result.findings)).toEqual(expected)
    for (const finding of result.findings) expect(FindingSchema.parse(finding)).toEqual(finding)
  })

  it('names the driver and the CUDA versions when the driver is too old', () => {
    const finding = byId(analyzeText(fixture('D/collect_env-1.6.0-cu102-driver-418.67-too-old-2x-v100-transcribed.txt')).findings, 'driver-too-old-for-cuda-runtime')
    expect(finding?.params).toMatchObject({ torchCuda: '10.2', driverCuda: '10.1', driver: '418.67' })
    expect(finding?.evidence).toContain('Nvidia driver version: 418.67')
    // No wheel runs on CUDA 10.1: upgrade first, then the newest release's default index.
    const first = analyzeText(fixture('D/collect_env-1.6.0-cu102-driver-418.67-too-old-2x-v100-transcribed.txt')).findings[0]
    expect(first?.params).toMatchObject({ driverCuda: '10.1', minCuda: '11.7' })
    expect(first?.fix).toMatch(/^Upgrade the NVIDIA driver/)
    expect(finding?.params.install).toBe(first?.params.install)
  })

  it('lists the cuDNN versions found on disk and shows the lines', () => {
    const colab = byId(analyzeText(fixture('D/collect_env-1.12.1+cu113-no-driver-visible-colab-like.txt')).findings, 'cudnn-shadowed-by-system-copy')
    expect(colab?.params).toEqual({ versions: '7.6.5, 8.0.5', torchCuda: '11.3' })
    expect(colab?.fix).toContain('collect_env only lists files on disk')

    const stale = byId(analyzeText(fixture('D/collect_env-1.11.0+cu102-rtx2080ti-440.64-stale-cudnn-7.0.5.txt')).findings, 'cudnn-shadowed-by-system-copy')
    expect(stale?.evidence).toContain('/usr0/local/cuda-9.0/lib64/libcudnn.so.7.0.5')
  })

  it('reports the torch version of a CPU build and the conda build that was picked', () => {
    const cpu = analyzeText(fixture('D/collect_env-2.0.0dev+cpu-centos-no-cuda-with-cpu-section.txt')).findings[0]
    expect(cpu?.params.torch).toBe('2.0.0.dev20230228+cpu-cxx11-abi')
    // No driver in the paste and no Python known: a generic Linux command for the newest release's default index.
    expect(cpu?.params.install).toMatch(/^python3 -m pip install --force-reinstall torch torchvision --index-url https:\/\/download\.pytorch\.org\/whl\/cu\d+$/)

    // "OS: Microsoft Windows 10": the command is for Windows.
    const windows = analyzeText(fixture('D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt')).findings[0]
    expect(windows?.id).toBe('cpu-only-torch-build')
    expect(windows?.fix).toMatch(/`py -m pip install --force-reinstall torch torchvision --index-url https:\/\/download\.pytorch\.org\/whl\/cu\d+`/)

    const conda = analyzeText(fixture('D/collect_env-1.0.0-cuda90-conda-wrong-build-windows-gtx1050-398.36-transcribed.txt')).findings[0]
    expect(conda?.params).toEqual({ version: '1.0.0', build: 'py3.7_cuda90_cudnn7_1', buildCuda: '9.0' })
    expect(conda?.message).toContain('CUDA 9.0')
  })
})

describe('analyzeText on public failure outputs (fixtures E)', () => {
  it('covers every file of the folder', () => {
    expect(readdirSync(new URL('../../../fixtures/public/E', import.meta.url)).sort()).toEqual(Object.keys(FAILING).sort())
  })

  it.each(Object.entries(FAILING))('%s', (file, expected) => {
    const result = analyzeText(fixture(`E/${file}`))
    expect(result.kind).toBe(expected.kind)
    expect(ids(result.findings)).toEqual(expected.ids)
    for (const finding of result.findings) expect(finding.evidence).toMatch(/\S/)
  })

  it('pulls the numbers a user needs out of the messages', () => {
    const old = byId(analyzeText(fixture('E/torch-cuda-init-driver-too-old-found-11000.txt')).findings, 'driver-too-old-for-cuda-runtime')
    expect(old?.params).toMatchObject({ found: 11000, driverCuda: '11.0' })

    const arch = analyzeText(fixture('E/sm120-not-compatible-userwarning-windows-rtx5090.txt')).findings[0]
    expect(arch?.params).toMatchObject({
      gpu: 'NVIDIA GeForce RTX 5090',
      arch: 'sm_120',
      supported: 'sm_50 sm_60 sm_61 sm_70 sm_75 sm_80 sm_86 sm_90',
    })
    // A C:\… path: the paste is from Windows, so is the command; no driver shown: the newest release's index.
    expect(arch?.params.install).toBe('py -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu130')
    expect(arch?.evidence).toMatch(/^NVIDIA GeForce RTX 5090 with CUDA capability sm_120/)

    const nvml = analyzeText(fixture('E/nvml-driver-library-version-mismatch-570.124.txt')).findings[0]
    expect(nvml?.params).toEqual({ nvmlVersion: '570.124' })
  })

  it('lists every missing CUDA library of an ldd output in one finding', () => {
    const finding = analyzeText(fixture('E/ldd-libnvinfer_plugin-libcudnn8-not-found.txt')).findings[0]
    expect(finding?.params.library).toBe('libcublas.so.11, libcublasLt.so.11, libcudnn.so.8')
    expect(finding?.evidence).toMatch(/^libcublas\.so\.11 => not found\nlibcublasLt\.so\.11 => not found\nlibcudnn\.so\.8 => not found/)
  })
})

describe('analyzeText on public nvidia-smi outputs (fixtures A, C)', () => {
  it.each([
    ['A/tesla-t4-x4-418.67-no-procs.txt', ['persistence-mode-off:info']],
    ['A/a100-pcie-40gb-mig-7x1g-460.32.03.txt', ['persistence-mode-off:info', 'mig-single-instance-per-process:info']],
    ['A/h100-80gb-mig-enabled-590.48.01.txt', ['mig-single-instance-per-process:info']],
    ['A/rtx2000ada-laptop-550.120-power-over-cap.txt', ['power-reading-above-limit:info']],
    // Windows: several processes show "Insufficient Permissions", which is not the rootless-container error.
    ['A/quadro-rtx8000-x2-tcc-p2000-wddm-windows-442.92.txt', ['device-order-mismatch:info']],
    ['A/gtx1080ti-x8-390.25-linux-no-cuda-header.txt', []],
    ['A/tesla-v100-sxm2-tcc-windows-426.23.txt', []],
    ['A/h100-sxm-x8-565.57.01-no-timestamp.txt', []],
    ['C/q-rtx4070laptop-wsl2-566.36.txt', []],
    ['C/xml-a100-sxm4-40gb-mig-510.47.03.xml', ['persistence-mode-off:info', 'mig-single-instance-per-process:info']],
  ])('%s', (file, expected) => {
    const result = analyzeText(fixture(file))
    expect(result.kind).toBe('nvidia-smi')
    expect(ids(result.findings)).toEqual(expected)
  })

  it('gives the power reading and the limit of the glitching GPU', () => {
    const finding = analyzeText(fixture('A/rtx2000ada-laptop-550.120-power-over-cap.txt')).findings[0]
    expect(finding?.params).toEqual({ index: 0, power: 588, limit: 35 })
    expect(finding?.message).toBe(
      'GPU 0 reports 588 W against a 35 W power limit. A reading this far above the limit is a sensor or driver glitch, not real power draw.',
    )
  })
})
