import { readFileSync } from 'node:fs'

import { afterEach, describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { readNvidiaHardware } from '../../../../src/core/platform/host/nvidia-hardware'
import { fakePciBus, type FakePciFunction } from '../../../helpers/fake-pci-bus'
import { fakeHealthEnv } from '../../../helpers/fake-smi'

const buses: Array<{ remove: () => void }> = []
afterEach(() => buses.splice(0).forEach((b) => b.remove()))

const reader = (functions: FakePciFunction[]) => {
  const b = fakePciBus(functions)
  buses.push(b)
  return () => readNvidiaHardware(b.paths)
}

// The h200-x1 capture: one H200 at 00000000:00:06.0 on driver 580.159.04. Beside it on the bus, a Tesla
// K80 the driver left unbound (Kepler's last branch is R470).
const H200 = { address: '0000:00:06.0', device: '0x2335', driver: 'nvidia' }
const K80 = { address: '0000:00:07.0', device: '0x102d' }

describe('health: the GPUs on the PCI bus that the driver does not run', () => {
  it('live, a GPU whose architecture the driver branch dropped comes first, naming the branch to install', async () => {
    const r = await checkHealth({ env: fakeHealthEnv('h200-x1'), platform: 'linux', readHardware: reader([H200, K80]) })
    if (!r.ok) throw new Error(r.problem.detail)
    expect(r.health.driverVersion).toBe('580.159.04')
    expect(r.health.findings[0]).toMatchObject({ id: 'driver-dropped-gpu-architecture', severity: 'error', params: { address: '0000:00:07.0', arch: 'Kepler', lastBranch: 470 } })
    // The H200 the driver lists is never flagged.
    expect(r.health.findings.filter((f) => /driver|gpu-on-bus/.test(f.id)).map((f) => f.params.address)).toEqual(['0000:00:07.0'])
  })

  it('live with every GPU on the bus listed: nothing of this kind', async () => {
    const r = await checkHealth({ env: fakeHealthEnv('h200-x1'), platform: 'linux', readHardware: reader([H200]) })
    if (!r.ok) throw new Error(r.problem.detail)
    expect(r.health.findings.map((f) => f.id)).not.toContain('gpu-on-bus-not-listed-by-driver')
    expect(r.health.findings.map((f) => f.id)).not.toContain('driver-dropped-gpu-architecture')
  })

  it('a saved report has no PCI bus of its own: the bus is not read', async () => {
    const smiText = readFileSync(new URL('../../../fixtures/h200-x1/smi/q.xml', import.meta.url), 'utf8')
    let read = false
    const r = await checkHealth({ smiText, platform: 'linux', readHardware: async () => ((read = true), null) })
    expect(r.ok).toBe(true)
    expect(read).toBe(false)
  })

  it('no driver running: the problem lists the unbound GPU as pci.ids names it, with the first driver that lists it', async () => {
    const r = await checkHealth({ env: fakeHealthEnv('missing-driver'), platform: 'linux', readHardware: reader([{ address: '0000:01:00.0', device: '0x2b85' }]) })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problem.checked.join('\n')).toContain('PCI 0000:01:00.0: GB202 [GeForce RTX 5090] (10de:2b85), no driver bound')
    expect(r.problem.checked.join('\n')).toContain('570.86.16')
  })
})
