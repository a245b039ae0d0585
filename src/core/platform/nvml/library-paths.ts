import { win32 } from 'node:path'

/**
 * Where NVML lives, in the order tried. Linux: the loader's own search for the soname (the driver
 * installs it in the loader path; containers get it from the NVIDIA Container Toolkit), then WSL2's
 * folder. Windows: System32 (drivers since 2019 put it there), then the older NVSMI folder.
 * GPU_DOCTOR_NVML_LIBRARY names one file and nothing else is tried.
 */
export function nvmlLibraryCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  const explicit = env.GPU_DOCTOR_NVML_LIBRARY
  if (explicit) return [explicit]
  if (platform === 'win32') {
    const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? 'C:\\Windows'
    const programFiles = env.ProgramW6432 ?? env.ProgramFiles ?? 'C:\\Program Files'
    return [win32.join(systemRoot, 'System32', 'nvml.dll'), win32.join(programFiles, 'NVIDIA Corporation', 'NVSMI', 'nvml.dll')]
  }
  if (platform === 'darwin') return []
  return ['libnvidia-ml.so.1', '/usr/lib/wsl/lib/libnvidia-ml.so.1']
}
