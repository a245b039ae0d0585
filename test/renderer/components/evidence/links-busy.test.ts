import { describe, expect, it } from 'vitest'

import busyRun from '../../../../docs/verification/issues-23-24-speed-h100-x2/rerun/gpu0-busy.json'
import idleRun from '../../../fixtures/h100-x2-issue23/all-idle-diagnosis.json'
import { DiagnosisSchema, type Diagnosis } from '../../../../src/shared/diagnosis'
import { busyLinkGpus } from '../../../../src/renderer/components/evidence/LinksView'

const read = (json: unknown): Diagnosis => DiagnosisSchema.parse(json)
const links = (d: Diagnosis) => {
  const step = d.steps.find((s) => s.id === 'gpu-links')
  if (step?.id !== 'gpu-links') throw new Error('no step 6')
  return step
}

describe('which GPUs step 6 marks busy (real 2×H100 runs)', () => {
  it('a run saved before GPUs carried it: the GPU the busy-links finding names', () => {
    const step = links(read(busyRun))
    expect(step.evidence.gpus?.some((g) => g.contended !== undefined)).toBe(false)
    expect([...busyLinkGpus(step.evidence, step.findings)]).toEqual([0])
  })

  it('all idle: none; a GPU recorded busy: that one, without a finding', () => {
    const step = links(read(idleRun))
    expect(busyLinkGpus(step.evidence, step.findings).size).toBe(0)
    const gpus = step.evidence.gpus!.map((g) => ({ ...g, contended: g.index === 1 }))
    expect([...busyLinkGpus({ ...step.evidence, gpus }, [])]).toEqual([1])
  })
})
