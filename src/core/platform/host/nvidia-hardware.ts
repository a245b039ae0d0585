import { existsSync } from 'node:fs'
import { open, readdir } from 'node:fs/promises'

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
}

export interface HardwarePaths {
  pciRoot?: string
  devRoot?: string
  procVersion?: string
  tegraRelease?: string
}

const MAX_DEVICES = 4096

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

/**
 * Linux only (null elsewhere, or where the PCI folder cannot be listed): how many PCI devices there are, how many
 * are NVIDIA's, which /dev/nvidia* nodes exist, and whether this is a machine whose GPU is on no PCI bus.
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
  return {
    pciDevices: entries.length,
    nvidiaPciDevices: vendors.filter((v) => v?.toLowerCase() === NVIDIA_PCI_VENDOR).length,
    pciRoot,
    deviceNodes,
    gpuOffPci: wsl ? 'wsl' : jetson ? 'jetson' : null,
  }
}

/** True only where every sign says there is no NVIDIA hardware here: a readable PCI bus without NVIDIA, no node, not WSL or Jetson. */
export function noNvidiaHardware(h: NvidiaHardware | null | undefined): h is NvidiaHardware {
  return !!h && h.pciDevices > 0 && h.nvidiaPciDevices === 0 && h.deviceNodes.length === 0 && h.gpuOffPci === null
}
