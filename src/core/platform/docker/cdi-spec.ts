import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { readRegularText } from '../files/read-regular'

/** Where Podman (and the CDI library) read specs, in the CDI default order. */
export const CDI_SPEC_DIRS = ['/etc/cdi', '/var/run/cdi'] as const

/** The command that writes a spec for the running driver (NVIDIA Container Toolkit); rootless Podman reads /etc/cdi too. */
export const CDI_GENERATE = 'sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml'

/** nvidia-ctk's spec for eight GPUs is about 30 KiB; a file far larger is not one to read whole. */
export const CDI_SPEC_MAX_BYTES = 4 * 1024 * 1024

export interface CdiSpecFile {
  path: string
  text: string
}

export type CdiVerdict =
  | { state: 'ok'; path: string; specDriver: string | null }
  | { state: 'missing'; searched: readonly string[] }
  | { state: 'stale'; path: string; specDriver: string; hostDriver: string }

const NVIDIA_KIND = /["']?kind["']?\s*:\s*["']?nvidia\.com\/gpu["']?/

/**
 * Whether a CDI spec for nvidia.com/gpu exists and fits the running driver. nvidia-ctk writes no
 * version field, but every spec mounts the driver's versioned libraries (libcuda.so.580.95.05):
 * the version in those paths is the driver it was generated for.
 */
export function judgeCdiSpecs(files: readonly CdiSpecFile[], hostDriver: string | null, searched: readonly string[] = CDI_SPEC_DIRS): CdiVerdict {
  const nvidia = files.filter((f) => NVIDIA_KIND.test(f.text))
  if (nvidia.length === 0) return { state: 'missing', searched }
  const versioned = nvidia.map((f) => ({ path: f.path, driver: specDriverVersion(f.text) }))
  const fitting = versioned.find((v) => v.driver === null || hostDriver === null || v.driver === hostDriver)
  if (fitting) return { state: 'ok', path: fitting.path, specDriver: fitting.driver }
  const first = versioned[0]!
  return { state: 'stale', path: first.path, specDriver: first.driver!, hostDriver: hostDriver! }
}

/** The driver version in a spec's library paths (libcuda.so.X or libnvidia-ml.so.X), or null. */
export function specDriverVersion(text: string): string | null {
  const m = /lib(?:cuda|nvidia-ml)\.so\.(\d+\.\d+(?:\.\d+)?)/.exec(text)
  return m?.[1] ?? null
}

/** Every *.yaml, *.yml and *.json in the spec directories; a missing directory is no spec. */
export async function readCdiSpecs(dirs: readonly string[] = CDI_SPEC_DIRS): Promise<CdiSpecFile[]> {
  const files: CdiSpecFile[] = []
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[])
    for (const name of names.filter((n) => /\.(ya?ml|json)$/.test(n)).sort()) {
      const path = join(dir, name)
      // A FIFO or folder named *.yaml, or a huge file, is skipped: it cannot be a spec to read.
      const text = await readRegularText(path, { maxBytes: CDI_SPEC_MAX_BYTES }).catch(() => null)
      if (text !== null) files.push({ path, text })
    }
  }
  return files
}
