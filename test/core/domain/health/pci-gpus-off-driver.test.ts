import { afterEach, describe, expect, it } from 'vitest'

import { normalisePciAddress, pciGpusOffDriver, unboundGpuLines } from '../../../../src/core/domain/health/pci-gpus-off-driver'
import { readNvidiaHardware } from '../../../../src/core/platform/host/nvidia-hardware'
import { type FakePciFunction, fakePciBus } from '../../../helpers/fake-pci-bus'

const buses: Array<{ remove: () => void }> = []
afterEach(() => buses.splice(0).forEach((b) => b.remove()))

/** The PCI bus as readNvidiaHardware reads it from real files in a temp folder. */
async function bus(functions: FakePciFunction[], opts: { procVersion?: string; nodes?: string[] } = {}) {
  const b = fakePciBus(functions, opts)
  buses.push(b)
  return readNvidiaHardware(b.paths)
}

const H200_LISTED: FakePciFunction = { address: '0000:41:00.0', device: '0x2335', driver: 'nvidia' }

describe('GPUs on the PCI bus that the running driver does not run', () => {
  it('an RTX 5090 the 560 driver left unbound: the driver is older than the GPU, with the first driver that lists it', async () => {
    const hardware = await bus([H200_LISTED, { address: '0000:01:00.0', device: '0x2b85', class: '0x030000', subsystem: ['0x10de', '0x2057'] }])
    const findings = pciGpusOffDriver({ hardware, driverVersion: '560.35.03', listedBusIds: ['00000000:41:00.0'] })
    expect(findings).toHaveLength(1)
    const f = findings[0]!
    expect(f).toMatchObject({
      id: 'driver-older-than-gpu',
      severity: 'error',
      params: { gpu: 'GB202 [GeForce RTX 5090]', deviceId: '2b85', address: '0000:01:00.0', driver: '560.35.03', minimum: '570.86.16', source: 'https://github.com/NVIDIA/open-gpu-kernel-modules' },
    })
    expect(f.message).toContain('driver 560.35.03 does not run it')
    expect(f.fix).toContain('Install driver 570.86.16 or newer')
    expect(f.evidence).toContain('0000:01:00.0: 10de:2b85 (subsystem 10de:2057), no driver bound')
    expect(f.evidence).toContain('first listed in 570.86.16 by NVIDIA/open-gpu-kernel-modules README')
  })

  it("a GTX 1080 on a 590 driver: Pascal's last branch is R580, install that branch", async () => {
    const hardware = await bus([{ address: '0000:02:00.0', device: '0x1b80', class: '0x030000' }])
    const [f, ...rest] = pciGpusOffDriver({ hardware, driverVersion: '590.48.01', listedBusIds: [] })
    expect(rest).toEqual([])
    expect(f).toMatchObject({ id: 'driver-dropped-gpu-architecture', severity: 'error', params: { gpu: 'GP104 [GeForce GTX 1080]', arch: 'Pascal', lastBranch: 580 } })
    expect(f!.message).toContain('R580 is the last driver branch for Pascal GPUs')
    expect(f!.fix).toContain('`nvidia-driver-580`')
    expect(f!.params.source).toContain('forums.developer.nvidia.com')
    // On R580 itself the tables have no reason: the GPU is still off the driver, said as a warning.
    expect(pciGpusOffDriver({ hardware, driverVersion: '580.95.05', listedBusIds: [] }).map((x) => x.id)).toEqual(['gpu-on-bus-not-listed-by-driver'])
  })

  it('a GPU the driver lists is never flagged, whatever the tables say; nor one another driver or a hidden view holds', async () => {
    const hardware = await bus([
      H200_LISTED,
      // Listed by nvidia-smi, though the tables call 560 too old and sysfs shows no link: the machine is the truth.
      { address: '0000:01:00.0', device: '0x2b85' },
      // Given to a VM, and bound to nvidia but outside this container's or job's view.
      { address: '0000:42:00.0', device: '0x2b85', driver: 'vfio-pci' },
      { address: '0000:43:00.0', device: '0x2b85', driver: 'nvidia' },
    ])
    expect(pciGpusOffDriver({ hardware, driverVersion: '560.35.03', listedBusIds: ['00000000:41:00.0', '00000000:01:00.0'] })).toEqual([])
    expect(pciGpusOffDriver({ hardware, driverVersion: '580.159.04', listedBusIds: ['00000000:41:00.0', '0000:01:00.0'] })).toEqual([])
  })

  it('an unknown device id off the driver: a warning with the raw id and what to run, no invented cause', async () => {
    const hardware = await bus([H200_LISTED, { address: '0000:81:00.0', device: '0x2fff' }])
    const [f, ...rest] = pciGpusOffDriver({ hardware, driverVersion: '580.159.04', listedBusIds: ['00000000:41:00.0'] })
    expect(rest).toEqual([])
    expect(f).toMatchObject({ id: 'gpu-on-bus-not-listed-by-driver', severity: 'warning', params: { gpu: 'NVIDIA 10de:2fff', deviceId: '2fff', address: '0000:81:00.0' } })
    expect(f!.fix).toContain('`sudo dmesg | grep -i NVRM`')
    expect(f!.message).not.toMatch(/older|predates|last driver branch/)
  })

  it('eight refused cards of one model are one finding naming every address', async () => {
    const cards = Array.from({ length: 8 }, (_, i) => ({ address: `0000:${(0x18 + i).toString(16)}:00.0`, device: '0x2b85' }))
    const findings = pciGpusOffDriver({ hardware: await bus(cards), driverVersion: '560.35.03', listedBusIds: [] })
    expect(findings).toHaveLength(1)
    expect(String(findings[0]!.params.address).split(', ')).toHaveLength(8)
  })

  it('says nothing on WSL or Jetson, nor where no driver runs (that has its own finding), nor without a readable bus', async () => {
    const cards = [{ address: '0000:01:00.0', device: '0x2b85' }]
    const wsl = await bus(cards, { procVersion: 'Linux version 5.15.167.4-microsoft-standard-WSL2' })
    expect(wsl?.gpuOffPci).toBe('wsl')
    expect(pciGpusOffDriver({ hardware: wsl, driverVersion: '560.35.03', listedBusIds: [] })).toEqual([])
    expect(unboundGpuLines(wsl)).toEqual([])
    const linux = await bus(cards)
    expect(pciGpusOffDriver({ hardware: linux, driverVersion: null, listedBusIds: [] })).toEqual([])
    expect(pciGpusOffDriver({ hardware: null, driverVersion: '560.35.03', listedBusIds: [] })).toEqual([])
    // With no driver running, the GPUs none holds are facts for the evidence.
    expect(unboundGpuLines(linux)).toEqual([
      "PCI 0000:01:00.0: GB202 [GeForce RTX 5090] (10de:2b85), no driver bound; NVIDIA's supported-GPU list names it first in driver 570.86.16",
    ])
  })
})

describe('normalisePciAddress', () => {
  it('reads the driver\'s eight-digit domain and sysfs\'s four-digit one, in any case, as one address', () => {
    expect(normalisePciAddress('00000000:41:00.0')).toBe('0000:41:00.0')
    expect(normalisePciAddress('0000:41:00.0')).toBe('0000:41:00.0')
    expect(normalisePciAddress('00000000:C3:00.0')).toBe('0000:c3:00.0')
    expect(normalisePciAddress('00000001:0A:00.1')).toBe('0001:0a:00.1')
    expect(normalisePciAddress('41:00.0')).toBe('0000:41:00.0')
    expect(normalisePciAddress('N/A')).toBeNull()
    expect(normalisePciAddress(null)).toBeNull()
  })
})
