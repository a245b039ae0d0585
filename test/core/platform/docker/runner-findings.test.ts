import { describe, expect, it } from 'vitest'

import { withRunnerFindings } from '../../../../src/core/domain/diagnosis/runner-findings'
import { makeFinding } from '../../../../src/core/domain/findings/finding-catalog'
import type { StepResult } from '../../../../src/shared/diagnosis'

const step = (id: StepResult['id'], status: StepResult['status'], findings = [] as StepResult['findings']): StepResult => ({
  id,
  status,
  summary: `${id} summary`,
  summaryKey: `${id}.key`,
  summaryParams: {},
  evidence: {},
  findings,
  durationMs: 0,
})

describe('withRunnerFindings', () => {
  it('a container that could not start: its finding replaces the generic probe-failed one in step 1', () => {
    const steps = [step('gpu-visible', 'fail', [makeFinding('probe-failed', 'error', { reason: 'x' })]), step('cudnn-loaded', 'skip')]
    const out = withRunnerFindings(steps, [makeFinding('docker-gpu-support-missing', 'error'), makeFinding('nvidia-container-toolkit-install', 'info', { os: 'Debian', commands: 'x' })])
    expect(out[0]!.findings.map((f) => f.id)).toEqual(['docker-gpu-support-missing', 'nvidia-container-toolkit-install'])
    expect(out[0]!.status).toBe('fail')
    expect(out[0]!.summary).toMatch(/^The probe could not run: Docker found no device driver/)
    expect(out[0]).toMatchObject({ summaryKey: 'probe.failed', summaryParams: { findingId: 'docker-gpu-support-missing' } })
    expect(out[1]).toBe(steps[1])
  })

  it('on a machine with no NVIDIA GPU, that leads step 1 and its summary; the container toolkit advice is left out', () => {
    const noGpu = makeFinding('no-nvidia-gpu', 'error', { devices: 6, root: '/sys/bus/pci/devices' })
    const steps = [step('gpu-visible', 'fail', [noGpu, makeFinding('probe-failed', 'error', { reason: 'x' })])]
    const out = withRunnerFindings(steps, [makeFinding('docker-gpu-support-missing', 'error'), makeFinding('nvidia-container-toolkit-install', 'info', { os: 'Debian', commands: 'x' })])
    expect(out[0]!.findings.map((f) => f.id)).toEqual(['no-nvidia-gpu', 'docker-gpu-support-missing'])
    expect(out[0]).toMatchObject({ status: 'fail', summaryKey: 'probe.failed', summaryParams: { findingId: 'no-nvidia-gpu' } })
    expect(out[0]!.summary).toContain('none of the 6 devices on its PCI bus')
  })

  it('a warning (small /dev/shm) turns a passing step 1 into a warning and keeps its own findings and summary', () => {
    const steps = [step('gpu-visible', 'pass', [makeFinding('cuda-minor-version-compat', 'info')])]
    const out = withRunnerFindings(steps, [makeFinding('container-shm-too-small', 'warning', { size: '64 MiB' })])
    expect(out[0]).toMatchObject({ status: 'warn', summary: 'gpu-visible summary', summaryKey: 'gpu-visible.key' })
    expect(out[0]!.findings.map((f) => f.id)).toEqual(['container-shm-too-small', 'cuda-minor-version-compat'])
    expect(withRunnerFindings(steps, [])).toBe(steps)
  })
})
