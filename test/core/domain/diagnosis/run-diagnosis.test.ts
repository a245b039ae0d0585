import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { runDiagnosis } from '../../../../src/core/domain/diagnosis/run-diagnosis'
import { runProbe } from '../../../../src/core/platform/probe/run-probe'
import { fakeSmiEnv, isAlive } from '../../../helpers/fake-smi'
import { pythonWithoutTorch, TORCH_PYTHON } from '../../../helpers/pythons'

const step = (d: Awaited<ReturnType<typeof runDiagnosis>>, id: string) => d.steps.find((s) => s.id === id)!

describe('the probe with a real PyTorch', () => {
  it('Debian python3-torch is installed for these tests', () => {
    const out = execFileSync(TORCH_PYTHON, ['-c', 'import torch; print(torch.__version__)'], { encoding: 'utf8' })
    expect(out.trim()).toMatch(/^\d+\.\d+/)
  })

  it('reports the CPU-only build as data, with real ldd output of torch', async () => {
    const outcome = await runProbe({ python: TORCH_PYTHON, workloads: ['conv', 'sustained'] })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    const r = outcome.report
    expect(r.torch?.importable).toBe(true)
    expect(r.torch?.cudaBuild ?? null).toBeNull()
    expect(r.cuda?.available).toBe(false)
    expect(r.workloads?.conv).toEqual({ skipped: 'CUDA is not available to PyTorch' })
    expect(r.libraries?.ldd.length).toBeGreaterThan(0)
    expect(r.libraries?.ldd[0]?.output).toMatch(/libtorch/)
    // Debian's python3 carries PEP 668's EXTERNALLY-MANAGED marker: pip refuses to install there.
    expect(r.python).toMatchObject({ platform: 'linux', externallyManaged: true, inVenv: false, inConda: false })
  })

  it('a venv made from that Python is not externally managed', async () => {
    const venv = join(mkdtempSync(join(tmpdir(), 'gd-venv-')), 'venv')
    execFileSync(TORCH_PYTHON, ['-m', 'venv', '--without-pip', venv])
    const outcome = await runProbe({ python: join(venv, 'bin', 'python3'), workloads: [] })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.report.python).toMatchObject({ externallyManaged: false, inVenv: true })
  })
})

describe('runDiagnosis', () => {
  it('fails step 1 on a CPU-only PyTorch next to an H200 and skips the GPU steps', async () => {
    const d = await runDiagnosis({ python: TORCH_PYTHON, env: fakeSmiEnv('h200-x1') })
    expect(d.steps.map((s) => s.id)).toEqual(['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing', 'gpu-links'])
    const s1 = step(d, 'gpu-visible')
    expect(s1.status).toBe('fail')
    expect(s1.findings.map((f) => f.id)).toContain('cpu-only-torch-build')
    // The fix fits this machine: driver 580 runs CUDA 13.0, so cu130, not cu128; Debian's python3
    // refuses pip installs (PEP 668), so the command makes a venv first, in one pasteable line.
    const cpu = s1.findings.find((f) => f.id === 'cpu-only-torch-build')!
    expect(cpu.params.install).toBe(
      `${TORCH_PYTHON} -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch torchvision --index-url https://download.pytorch.org/whl/cu130`,
    )
    expect(cpu.fix).toContain('whl/cu130')
    expect(cpu.fix).not.toContain('cu128')
    expect(cpu.fix).toContain(`\`${TORCH_PYTHON} -m venv ~/torch-venv && `)
    expect(cpu.fix).not.toContain('?')
    expect(step(d, 'cudnn-loaded').status).toBe('skip')
    // A CPU-only build has no CUDA libraries to link: step 3 does not apply, it does not "pass".
    expect(step(d, 'ldd-linkage').status).toBe('skip')
    expect(step(d, 'ldd-linkage').summaryKey).toBe('skip.cpuBuild')
    // Steps 4-6 were not run because step 1 found no CUDA, said as that (one GPU here: not "one GPU", not "cannot use CUDA").
    for (const id of ['sm-utilisation', 'conv-timing', 'gpu-links'] as const) {
      expect(step(d, id).status).toBe('skip')
      expect(step(d, id).summaryKey).toBe('skip.cpuBuild')
      expect(step(d, id).summary).toBe('Not run: step 1 found no CUDA in this PyTorch (a CPU-only build)')
    }
    expect(d.environment).toMatchObject({ driverVersion: '580.159.04', driverCuda: '13.0', torchCuda: null, pythonPlatform: 'linux', externallyManaged: true, inVenv: false })
  })

  it('says PyTorch is not installed for a Python without torch', async () => {
    const d = await runDiagnosis({ python: pythonWithoutTorch(), env: fakeSmiEnv('h200-x1'), steps: ['gpu-visible', 'cudnn-loaded'] })
    expect(d.steps).toHaveLength(2)
    expect(step(d, 'gpu-visible').findings[0]).toMatchObject({ id: 'torch-not-installed', severity: 'error' })
    expect(step(d, 'gpu-visible').findings[0]!.fix).toContain(`\`${TORCH_PYTHON} -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch --index-url https://download.pytorch.org/whl/cu130\``)
    expect(step(d, 'cudnn-loaded').status).toBe('skip')
  })

  it('explains a Python that does not exist instead of crashing', async () => {
    const d = await runDiagnosis({ python: '/nonexistent/python3', env: fakeSmiEnv('h200-x1'), steps: ['gpu-visible'] })
    expect(step(d, 'gpu-visible').findings.map((f) => f.id)).toContain('probe-failed')
    expect(step(d, 'gpu-visible').summary).toMatch(/not found/)
  })

  it('reports the host driver problem alongside the PyTorch facts', async () => {
    // A GPU on the PCI bus whose driver is not loaded (the machine the fake nvidia-smi stands for).
    const gpuBox = async () => ({ pciDevices: 40, nvidiaPciDevices: 2, pciRoot: '/sys/bus/pci/devices', deviceNodes: [], gpuOffPci: null, gpus: [] })
    const d = await runDiagnosis({ python: TORCH_PYTHON, env: fakeSmiEnv('missing-driver'), steps: ['gpu-visible'], readHardware: gpuBox })
    expect(step(d, 'gpu-visible').findings.map((f) => f.id)).toContain('driver-not-loaded')
  })

  it('on a machine with no NVIDIA device at all, says so instead of blaming the driver', async () => {
    const noGpu = async () => ({ pciDevices: 6, nvidiaPciDevices: 0, pciRoot: '/sys/bus/pci/devices', deviceNodes: [], gpuOffPci: null, gpus: [] })
    const d = await runDiagnosis({ python: TORCH_PYTHON, env: fakeSmiEnv('missing-driver'), steps: ['gpu-visible'], readHardware: noGpu })
    const ids = step(d, 'gpu-visible').findings.map((f) => f.id)
    expect(ids).toContain('no-nvidia-gpu')
    expect(ids).not.toContain('driver-not-loaded')
    expect(step(d, 'gpu-visible').summary).toContain('none of the 6 devices on its PCI bus')
  })

  it('stops the probe when cancelled and leaves no Python running', async () => {
    const controller = new AbortController()
    let pid: number | null = null
    const started = Date.now()
    const pending = runDiagnosis({
      python: TORCH_PYTHON,
      env: fakeSmiEnv('h200-x1'),
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'import-torch' && pid === null) {
          pid = Number(execFileSync('pgrep', ['-n', '-f', 'gpu_doctor_probe.py'], { encoding: 'utf8' }).trim())
          controller.abort()
        }
      },
    })
    const d = await pending
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(step(d, 'gpu-visible').summary).toMatch(/cancelled/)
    expect(pid).not.toBeNull()
    expect(isAlive(pid!)).toBe(false)
  })
})
