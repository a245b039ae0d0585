import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { noNvidiaHardware, readNvidiaHardware } from '../../../../src/core/platform/host/nvidia-hardware'
import { fakePciBus } from '../../../helpers/fake-pci-bus'

const roots: string[] = []
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })))

/** A machine as sysfs and /dev show it: PCI devices by vendor id, device nodes, /proc/version, a Jetson release file. */
function machine(opts: { vendors: string[]; nodes?: string[]; procVersion?: string; tegra?: string }) {
  const root = mkdtempSync(join(tmpdir(), 'gd-hw-'))
  roots.push(root)
  const pciRoot = join(root, 'pci')
  const devRoot = join(root, 'dev')
  mkdirSync(pciRoot)
  mkdirSync(devRoot)
  opts.vendors.forEach((v, i) => {
    mkdirSync(join(pciRoot, `0000:00:0${i}.0`))
    writeFileSync(join(pciRoot, `0000:00:0${i}.0`, 'vendor'), `${v}\n`)
  })
  for (const n of opts.nodes ?? []) writeFileSync(join(devRoot, n), '')
  writeFileSync(join(root, 'version'), opts.procVersion ?? 'Linux version 6.1.0-27-amd64 (debian-kernel@lists.debian.org)')
  if (opts.tegra) writeFileSync(join(root, 'nv_tegra_release'), opts.tegra)
  return { pciRoot, devRoot, procVersion: join(root, 'version'), tegraRelease: join(root, 'nv_tegra_release') }
}

describe('is there NVIDIA hardware here at all', () => {
  it('a VM with virtio and Intel devices only: no NVIDIA hardware', async () => {
    const h = await readNvidiaHardware(machine({ vendors: ['0x1af4', '0x1af4', '0x8086'] }))
    expect(h).toMatchObject({ pciDevices: 3, nvidiaPciDevices: 0, deviceNodes: [], gpuOffPci: null })
    expect(noNvidiaHardware(h)).toBe(true)
  })

  it('a GPU on the bus (its driver not loaded), or only its device nodes (a container given the GPU): hardware is there', async () => {
    const onBus = await readNvidiaHardware(machine({ vendors: ['0x8086', '0x10de', '0x10de'] }))
    expect(onBus?.nvidiaPciDevices).toBe(2)
    expect(noNvidiaHardware(onBus)).toBe(false)
    const nodes = await readNvidiaHardware(machine({ vendors: ['0x1af4'], nodes: ['nvidia0', 'nvidiactl', 'null'] }))
    expect(nodes?.deviceNodes).toEqual(['nvidia0', 'nvidiactl'])
    expect(noNvidiaHardware(nodes)).toBe(false)
  })

  it('WSL 2 and Jetson have their GPU on no PCI bus: never "no NVIDIA hardware"', async () => {
    const wsl = await readNvidiaHardware(machine({ vendors: ['0x1414'], procVersion: 'Linux version 5.15.167.4-microsoft-standard-WSL2' }))
    expect(wsl?.gpuOffPci).toBe('wsl')
    expect(noNvidiaHardware(wsl)).toBe(false)
    const dxg = await readNvidiaHardware(machine({ vendors: ['0x1414'], nodes: ['dxg'] }))
    expect(dxg?.gpuOffPci).toBe('wsl')
    const jetson = await readNvidiaHardware(machine({ vendors: ['0x10ec'], tegra: '# R36 (release), REVISION: 3.0, GCID: 36191598, BOARD: generic, EABI: aarch64' }))
    expect(jetson?.gpuOffPci).toBe('jetson')
    expect(noNvidiaHardware(jetson)).toBe(false)
  })

  it('an unreadable PCI folder, or an empty one, proves nothing', async () => {
    expect(await readNvidiaHardware({ pciRoot: '/nonexistent/pci' })).toBeNull()
    const empty = await readNvidiaHardware(machine({ vendors: [] }))
    expect(noNvidiaHardware(empty)).toBe(false)
  })

  it('lists the NVIDIA GPUs on the bus (VGA or 3D controller) with the driver bound to each, and nothing else', async () => {
    const bus = fakePciBus([
      { address: '0000:00:02.0', vendor: '0x8086', device: '0xa780', class: '0x030000', driver: 'i915' },
      { address: '0000:01:00.0', device: '0x2B85', class: '0x030000', subsystem: ['0x10de', '0x2057'], driver: 'nvidia' },
      { address: '0000:01:00.1', device: '0x22e8', class: '0x040300', driver: 'snd_hda_intel' },
      { address: '0000:41:00.0', device: '0x2335', class: '0x030200' },
      { address: '0000:42:00.0', device: '0x1b80', class: '0x030000', driver: 'vfio-pci' },
      { address: '0000:c3:00.0', device: '0x22a3', class: '0x068000', driver: 'nvidia-nvswitch' },
    ])
    try {
      const h = await readNvidiaHardware(bus.paths)
      expect(h?.nvidiaPciDevices).toBe(5)
      expect(h?.gpus).toEqual([
        { address: '0000:01:00.0', deviceId: '2b85', subsystem: '10de:2057', driver: 'nvidia' },
        { address: '0000:41:00.0', deviceId: '2335', subsystem: null, driver: null },
        { address: '0000:42:00.0', deviceId: '1b80', subsystem: null, driver: 'vfio-pci' },
      ])
    } finally {
      bus.remove()
    }
  })

  it("reads this machine's real PCI bus: the same NVIDIA count as its vendor files", async () => {
    const h = await readNvidiaHardware()
    const root = '/sys/bus/pci/devices'
    const nvidia = readdirSync(root).filter((d) => {
      try {
        return readFileSync(join(root, d, 'vendor'), 'utf8').trim() === '0x10de'
      } catch {
        return false
      }
    }).length
    expect(h).toMatchObject({ pciRoot: root, pciDevices: readdirSync(root).length, nvidiaPciDevices: nvidia })
    expect(h!.gpus.length).toBeLessThanOrEqual(nvidia)
  })
})
