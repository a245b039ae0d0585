/** A CUDA version reduced to what compatibility depends on. */
export interface CudaVersion {
  major: number
  minor: number
}

/**
 * Reads a CUDA version from the ways tools print it: `10.2`, `11.0.221`, a wheel suffix `cu102`
 * / `cu128`, a conda build or package name `cuda90` / `cuda11.0.221` / `cuda92`. Null otherwise.
 */
export function parseCudaVersion(text: string | null | undefined): CudaVersion | null {
  if (!text) return null
  const dotted = /(?:^|[^\d.])(\d{1,2})\.(\d{1,2})(?:\.\d+)*(?![\d])/.exec(` ${text}`)
  const packed = /\bcu(?:da)?(\d{2,3})(?![\d.])/i.exec(text)
  // "cuda11.0.221" carries the dotted form right after the prefix; prefer it to the packed digits.
  const prefixedDotted = /\bcu(?:da)?(\d{1,2})\.(\d{1,2})/i.exec(text)
  if (prefixedDotted) return { major: Number(prefixedDotted[1]), minor: Number(prefixedDotted[2]) }
  if (packed?.[1]) {
    const digits = packed[1]
    // The last digit is the minor version: cu92 → 9.2, cu102 → 10.2, cu128 → 12.8.
    return { major: Number(digits.slice(0, -1)), minor: Number(digits.slice(-1)) }
  }
  if (dotted) return { major: Number(dotted[1]), minor: Number(dotted[2]) }
  return null
}

/** Negative when a < b, zero when equal, positive when a > b. */
export function compareCuda(a: CudaVersion, b: CudaVersion): number {
  return a.major !== b.major ? a.major - b.major : a.minor - b.minor
}

/** `12.8`. */
export function formatCuda(version: CudaVersion): string {
  return `${version.major}.${version.minor}`
}

/**
 * Decodes the driver API number that CUDA prints as `found version 11040` (1000·major + 10·minor).
 */
export function decodeDriverApiVersion(value: number): CudaVersion {
  return { major: Math.floor(value / 1000), minor: Math.floor((value % 1000) / 10) }
}
