import { existsSync } from 'node:fs'
import { arch, hostname, platform, release } from 'node:os'

import si from 'systeminformation'

import type { HostFacts } from '../../../shared/host'
import { readKernelModuleVersion } from '../nvidia-smi/read-status'
import { withTimeout } from '../util/with-timeout'
import { readRegularTextSync } from '../files/read-regular'

function readText(path: string): string {
  try {
    return readRegularTextSync(path, 1024 * 1024)
  } catch {
    return ''
  }
}

/** Settles to null instead of throwing: one missing fact must not hide the others. */
async function safely<T>(promise: Promise<T>, ms: number, what: string): Promise<T | null> {
  try {
    return await withTimeout(promise, ms, what)
  } catch {
    return null
  }
}

/**
 * Host facts: OS, kernel, CPU, memory. Deliberately not si.graphics(): it runs nvidia-smi through
 * execSync, which blocks the event loop for 0.4–1.6 s on an H200 box.
 */
export async function readHostFacts(timeoutMs = 5000): Promise<HostFacts> {
  const [os, cpu, mem, moduleVersion] = await Promise.all([
    safely(si.osInfo(), timeoutMs, 'systeminformation.osInfo'),
    safely(si.cpu(), timeoutMs, 'systeminformation.cpu'),
    safely(si.mem(), timeoutMs, 'systeminformation.mem'),
    readKernelModuleVersion(),
  ])
  const procVersion = readText('/proc/version')
  return {
    hostname: os?.hostname || hostname() || null,
    platform: platform(),
    distro: os?.distro || null,
    release: os?.release || null,
    kernel: os?.kernel || release() || null,
    arch: arch(),
    cpuModel: cpu ? `${cpu.manufacturer} ${cpu.brand}`.trim() || null : null,
    cpuCores: cpu?.cores ?? null,
    cpuPhysicalCores: cpu?.physicalCores ?? null,
    memoryTotalBytes: mem?.total ?? null,
    kernelModuleDriverVersion: moduleVersion,
    isWsl: /microsoft/i.test(procVersion),
    isContainer: existsSync('/.dockerenv') || existsSync('/run/.containerenv'),
  }
}
