import { MAX_SHM_SIZE_BYTES } from '../../../shared/constants'

/** Which GPUs a container gets: all of them, none, or these indexes / UUIDs (`--gpus`). */
export type GpuSelection = 'all' | 'none' | string[]

/** `all`, `none`, `0,1`, `device=0,1` or `"device=GPU-…"` as the Docker CLI accepts; null when unreadable. */
export function parseGpuSelection(text: string): GpuSelection | null {
  const value = text.trim().replace(/^"(.*)"$/, '$1').replace(/^device=/, '')
  if (value === 'all' || value === 'none') return value
  const ids = value.split(',').map((s) => s.trim())
  if (ids.length === 0 || ids.some((id) => !/^(\d+|GPU-[0-9a-fA-F-]+|MIG-[0-9a-fA-F/-]+)$/.test(id))) return null
  return ids
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 }

/** `8g`, `512m`, `67108864` (bytes) as `docker run --shm-size` reads them; null when unreadable or zero. */
export function parseByteSize(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*([bkmgt]?)(?:i?b)?$/i.exec(text.trim())
  if (!m) return null
  const bytes = Math.round(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!)
  return bytes > 0 && Number.isFinite(bytes) ? bytes : null
}

/** `--shm-size`: a size parseByteSize reads, from 1 byte to MAX_SHM_SIZE_BYTES (1 TiB); null otherwise. */
export function parseShmSize(text: string): number | null {
  const bytes = parseByteSize(text)
  return bytes !== null && bytes <= MAX_SHM_SIZE_BYTES ? bytes : null
}

/** 67108864 → "64 MiB"; 8589934592 → "8 GiB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}
