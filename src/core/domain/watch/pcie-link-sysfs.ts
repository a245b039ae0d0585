import { constants } from 'node:fs'
import { open } from 'node:fs/promises'

import { generationOfRate, type PcieLink } from './pcie-capacity'

const MAX_BYTES = 64

// Non-blocking and bounded: a path that is not a sysfs attribute (a FIFO in a test root) never hangs the watch.
async function readSmall(path: string): Promise<string | null> {
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
    const buf = Buffer.alloc(MAX_BYTES)
    const { bytesRead } = await handle.read(buf, 0, MAX_BYTES, 0)
    return buf.subarray(0, bytesRead).toString('utf8')
  } catch {
    return null
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

/** nvidia-smi's "00000000:17:00.0" as sysfs names the device: "0000:17:00.0". */
export function sysfsPciAddress(busId: string): string | null {
  const m = /^(?:[0-9a-f]{4})?([0-9a-f]{4}):([0-9a-f]{2}):([0-9a-f]{2})\.([0-7])$/i.exec(busId.trim())
  return m ? `${m[1]}:${m[2]}:${m[3]}.${m[4]}`.toLowerCase() : null
}

/**
 * The link a GPU runs on now, from the kernel (`current_link_speed` "32.0 GT/s PCIe", `current_link_width`
 * "16"): where NVML is not used, the same generation × lanes. Null where sysfs does not say.
 */
export async function readPcieLinkSysfs(busId: string | null, sys = '/sys'): Promise<PcieLink | null> {
  const address = busId ? sysfsPciAddress(busId) : null
  if (!address) return null
  const dir = `${sys}/bus/pci/devices/${address}`
  const [speed, width] = await Promise.all([readSmall(`${dir}/current_link_speed`), readSmall(`${dir}/current_link_width`)])
  const rate = Number(/([\d.]+)\s*GT\/s/.exec(speed ?? '')?.[1])
  const lanes = Number((width ?? '').trim())
  const generation = Number.isFinite(rate) ? generationOfRate(rate) : null
  return generation !== null && Number.isInteger(lanes) && lanes > 0 ? { generation, width: lanes } : null
}
