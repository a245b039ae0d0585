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

/** A value systeminformation could not read comes back as "unknown": that is no value ("unknown unknown" on screen). */
export function known(value: string | null | undefined): string | null {
  const v = value?.trim()
  return v && v.toLowerCase() !== 'unknown' ? v : null
}

/** The distribution's name and version from os-release ("Debian GNU/Linux 12 (bookworm)"), where systeminformation had none. */
export function osReleaseName(text: string): { distro: string | null; release: string | null } {
  const field = (name: string) => known(new RegExp(`^${name}=("?)(.*)\\1\\s*$`, 'm').exec(text)?.[2])
  return { distro: field('NAME'), release: field('VERSION') ?? field('VERSION_ID') }
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
  const fromFile = platform() === 'linux' && !known(os?.distro) ? osReleaseName(readText('/etc/os-release') || readText('/usr/lib/os-release')) : null
  return {
    hostname: os?.hostname || hostname() || null,
    platform: platform(),
    distro: known(os?.distro) ?? fromFile?.distro ?? null,
    release: known(os?.distro) ? known(os?.release) : (fromFile?.release ?? null),
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
