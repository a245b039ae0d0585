import { compareVersions } from './compare-versions'

/** A CUDA version reduced to what compatibility depends on. */
export interface CudaVersion {
  major: number
  minor: number
}

/** Reads a plain dotted version: `10.2`, `11.0.221`, `12.8`. Null for anything else. */
export function parseCudaVersion(text: string | null | undefined): CudaVersion | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})(?:\.\d+)*\s*$/.exec(text ?? '')
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null
}

/**
 * Reads the CUDA tag inside a wheel suffix or conda build/package name: `cu102`, `cu128`,
 * `py38_cu110`, `py3.7_cuda90_cudnn7_1`, `py3.8_cuda11.0.221_cudnn8.0.3_0`, `cuda92`. Null if none.
 */
export function parseCudaTag(text: string | null | undefined): CudaVersion | null {
  const source = text ?? ''
  // Conda builds glue tags with "_", which is a word character, so \b cannot delimit them.
  const dotted = /(?:^|[^a-z])cu(?:da)?(\d{1,2})\.(\d{1,2})/i.exec(source)
  if (dotted) return { major: Number(dotted[1]), minor: Number(dotted[2]) }
  const packed = /(?:^|[^a-z])cu(?:da)?(\d{2,3})(?![\d.])/i.exec(source)
  const digits = packed?.[1]
  if (!digits) return null
  // The last digit is the minor version: cu92 → 9.2, cu102 → 10.2, cu128 → 12.8.
  return { major: Number(digits.slice(0, -1)), minor: Number(digits.slice(-1)) }
}

/** Negative when a < b, zero when equal, positive when a > b. */
export function compareCuda(a: CudaVersion, b: CudaVersion): number {
  return compareVersions(formatCuda(a), formatCuda(b))
}

/** `12.8`. */
export function formatCuda(version: CudaVersion): string {
  return `${version.major}.${version.minor}`
}

/** Decodes the driver API number CUDA prints as `found version 11040` (1000·major + 10·minor). */
export function decodeDriverApiVersion(value: number): CudaVersion {
  return { major: Math.floor(value / 1000), minor: Math.floor((value % 1000) / 10) }
}
