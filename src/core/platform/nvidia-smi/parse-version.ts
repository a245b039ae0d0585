import { firstWord } from './smi-values'

export interface SmiVersion {
  smiVersion: string | null
  nvmlVersion: string | null
  driverVersion: string | null
  cudaVersion: string | null
}

function field(text: string, label: RegExp): string | null {
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const match = label.exec(line)
    if (match) return firstWord(line.slice(match[0].length))
  }
  return null
}

/**
 * Parses `nvidia-smi --version`. 610+ says `KMD Version` / `CUDA UMD Version` for the driver and
 * its CUDA; those win over the older `DRIVER version` / `CUDA Version` lines when both appear.
 */
export function parseSmiVersion(text: string): SmiVersion {
  return {
    smiVersion: field(text, /^\s*NVIDIA-SMI version\s*:/i),
    nvmlVersion: field(text, /^\s*NVML version\s*:/i),
    driverVersion: field(text, /^\s*KMD version\s*:/i) ?? field(text, /^\s*DRIVER version\s*:/i),
    cudaVersion: field(text, /^\s*CUDA UMD version\s*:/i) ?? field(text, /^\s*CUDA version\s*:/i),
  }
}

/**
 * The kernel module's version from /proc/driver/nvidia/version, for the open
 * (`NVIDIA UNIX Open Kernel Module for x86_64  580.159.04 ...`) and the proprietary
 * (`NVIDIA UNIX x86_64 Kernel Module  535.129.03 ...`) module; null when not stated.
 */
export function parseProcDriverVersion(text: string): string | null {
  const line = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .find((l) => /^\s*NVRM version:/i.test(l))
  if (!line) return null
  const afterModule = /Kernel Module(?:\s+for\s+\S+)?\s+(\d+\.\d+(?:\.\d+)*)\b/i.exec(line)
  if (afterModule?.[1]) return afterModule[1]
  return /\s(\d{3,}\.\d+(?:\.\d+)?)\s/.exec(line)?.[1] ?? null
}
