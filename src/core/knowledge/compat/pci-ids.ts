import { z } from 'zod'

import pciIdsJson from '../../../../resources/data/gpu-pci-ids.json'

/** resources/data/gpu-pci-ids.json, derived by scripts/data/derive-pci-ids.mjs from the pinned pci.ids section. */
export const GpuPciIdsSchema = z.strictObject({
  schemaVersion: z.literal(1),
  dataVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}\.\d+$/),
  readOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  title: z.string(),
  source: z.strictObject({ id: z.string(), title: z.string(), url: z.string().url() }),
  /** Lower-case 4-digit device ID → "CHIP [product]" as pci.ids writes it. */
  devices: z.record(z.string().regex(/^[0-9a-f]{4}$/), z.string().min(2)),
})
export type GpuPciIds = z.infer<typeof GpuPciIdsSchema>

export const GPU_PCI_IDS_FILE = 'gpu-pci-ids.json'

export function gpuPciIds(): GpuPciIds {
  return pciIdsJson as GpuPciIds
}

/** A device ID as people paste it: "2b85", "0x2B85", "10de:2b85", "10DE:2B85 (rev a1)". Null for anything else. */
export function parsePciDeviceId(text: string): string | null {
  const m = text.trim().match(/^(?:10de:|0x)?([0-9a-f]{4})\b/i)
  if (!m) return null
  if (!/^(?:10de:|0x)/i.test(text.trim()) && !/^[0-9a-f]{4}$/i.test(text.trim())) return null
  return m[1]!.toLowerCase()
}

/** The chip code and product of a pci.ids device name: "GB202GL [RTX PRO 6000 …]" → GB202GL, RTX PRO 6000 …. */
export function splitPciName(name: string): { chip: string; product: string | null } {
  // Index arithmetic, not a regular expression: no backtracking on a long or odd name.
  const space = name.search(/\s/)
  const open = name.indexOf('[')
  return {
    chip: space < 0 ? name : name.slice(0, space),
    product: open >= 0 && name.endsWith(']') ? name.slice(open + 1, -1).trim() || null : null,
  }
}
