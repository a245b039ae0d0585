import { existsSync } from 'node:fs'
import { open, readdir, readlink } from 'node:fs/promises'

import { readTegraRelease, TEGRA_RELEASE_FILE } from './tegra-release'

/** NVIDIA's PCI vendor id: its GPUs, their audio functions, NVSwitches and NVLink bridges all carry it. */
export const NVIDIA_PCI_VENDOR = '0x10de'

/** What says whether this machine has NVIDIA hardware at all, without its driver: the PCI bus and the device nodes. */
export interface NvidiaHardware {
  /** Devices listed in the sysfs PCI folder that was read. */
  pciDevices: number
  /** Of those, from NVIDIA. */
  nvidiaPciDevices: number
  pciRoot: string
  /** /dev/nvidia* nodes (a container given a GPU has them even where sysfs is hidden). */
  deviceNodes: string[]
  /** WSL 2 (the GPU is paravirtualised through /dev/dxg, never on a PCI bus) or Jetson (the GPU is on the SoC). */
  gpuOffPci: 'wsl' | 'jetson' | null
  /** NVIDIA's display functions (VGA or 3D controller) on the bus, whether a driver runs them or not. */
  gpus: PciGpu[]
}

/** One NVIDIA GPU as the PCI bus shows it, driver or no driver. */
export interface PciGpu {
  /** The sysfs entry name: domain:bus:device.function, "0000:41:00.0". */
  address: string
  /** The PCI device id, four lower-case hex digits ("2b85"). */
  deviceId: string
  /** Subsystem vendor:device ("1458:4198"), where sysfs has it. */
  subsystem: string | null
  /**
   * The kernel driver bound to it ("nvidia", "vfio-pci", "nouveau"); null where none is (a GPU the
   * NVIDIA driver refused at probe is left so); "?" where the link could not be read.
   */
  driver: string | null
}

export interface HardwarePaths {
  pciRoot?: string
  devRoot?: string
  procVersion?: string
  tegraRelease?: string
}

const MAX_DEVICES = 4096

/** PCI class codes of a display function: 0x0300xx VGA, 0x0302xx 3D controller (the data-centre parts). */
const GPU_CLASS = /^0x030[02][0-9a-f]{2}$/i

const hex4 = (text: string | null): string | null => text?.match(/^0x([0-9a-f]{4})$/i)?.[1]?.toLowerCase() ?? null

async function readSmall(path: string, bytes = 64): Promise<string | null> {
  let file
  try {
    file = await open(path, 'r')
    const buf = Buffer.alloc(bytes)
    const { bytesRead } = await file.read(buf, 0, bytes, 0)
    return buf.subarray(0, bytesRead).toString('utf8').trim()
  } catch {
    return null
  } finally {
    await file?.close().catch(() => undefined)
  }
}

async function boundDriver(entry: string): Promise<string | null> {
  try {
    return (await readlink(`${entry}/driver`)).split('/').pop() || '?'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : '?'
  }
}

async function readPciGpu(pciRoot: string, name: string): Promise<PciGpu | null> {
  const entry = `${pciRoot}/${name}`
  const [cls, device, subVendor, subDevice] = await Promise.all(['class', 'device', 'subsystem_vendor', 'subsystem_device'].map((f) => readSmall(`${entry}/${f}`)))
  const deviceId = hex4(device ?? null)
  if (!cls || !GPU_CLASS.test(cls) || !deviceId) return null
  const sv = hex4(subVendor ?? null)
  const sd = hex4(subDevice ?? null)
  return { address: name, deviceId, subsystem: sv && sd ? `${sv}:${sd}` : null, driver: await boundDriver(entry) }
}

/**
 * Linux only (null elsewhere, or where the PCI folder cannot be listed): how many PCI devices there are, how many
 * are NVIDIA's and which of those are GPUs (with the driver bound to each), which /dev/nvidia* nodes exist,
 * and whether this is a machine whose GPU is on no PCI bus.
 * sysfs files are small and never block; at most MAX_DEVICES are read.
 */
export async function readNvidiaHardware(paths: HardwarePaths = {}): Promise<NvidiaHardware | null> {
  if (process.platform !== 'linux') return null
  const pciRoot = paths.pciRoot ?? '/sys/bus/pci/devices'
  const devRoot = paths.devRoot ?? '/dev'
  let entries: string[]
  try {
    entries = (await readdir(pciRoot)).slice(0, MAX_DEVICES)
  } catch {
    return null
  }
  const vendors = await Promise.all(entries.map((e) => readSmall(`${pciRoot}/${e}/vendor`)))
  const deviceNodes = await readdir(devRoot)
    .then((names) => names.filter((n) => /^nvidia/.test(n)).sort())
    .catch(() => [] as string[])
  const procVersion = (await readSmall(paths.procVersion ?? '/proc/version', 1024)) ?? ''
  const wsl = /microsoft/i.test(procVersion) || existsSync(`${devRoot}/dxg`)
  const jetson = readTegraRelease(paths.tegraRelease ?? TEGRA_RELEASE_FILE) !== null
  const nvidia = entries.filter((_, i) => vendors[i]?.toLowerCase() === NVIDIA_PCI_VENDOR)
  const gpus = (await Promise.all(nvidia.map((e) => readPciGpu(pciRoot, e)))).filter((g): g is PciGpu => g !== null)
  return {
    pciDevices: entries.length,
    nvidiaPciDevices: nvidia.length,
    pciRoot,
    deviceNodes,
    gpuOffPci: wsl ? 'wsl' : jetson ? 'jetson' : null,
    gpus: gpus.sort((a, b) => a.address.localeCompare(b.address)),
  }
}

/** True only where every sign says there is no NVIDIA hardware here: a readable PCI bus without NVIDIA, no node, not WSL or Jetson. */
export function noNvidiaHardware(h: NvidiaHardware | null | undefined): h is NvidiaHardware {
  return !!h && h.pciDevices > 0 && h.nvidiaPciDevices === 0 && h.deviceNodes.length === 0 && h.gpuOffPci === null
}
