import { delimiter } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Absolute path of the replaying nvidia-smi stand-in. */
export const FAKE_SMI = fileURLToPath(new URL('../fake-nvidia-smi/nvidia-smi', import.meta.url))

/** Environment that points GPU Doctor at the fake, replaying one fixture or failure scenario. */
export function fakeSmiEnv(fixture: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI, FAKE_SMI_FIXTURE: fixture, ...extra }
}

/** A stand-in dmesg and journalctl (FAKE_DMESG_TEXT, FAKE_DMESG_DENY), for the front of PATH. */
export const FAKE_KERNEL_LOG = fileURLToPath(new URL('./fake-kernel-log', import.meta.url))

/** fakeSmiEnv with the stand-in kernel log first on PATH: the health check reads it, not this machine's. */
export function fakeHealthEnv(fixture: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = fakeSmiEnv(fixture, extra)
  return { ...env, PATH: `${FAKE_KERNEL_LOG}${delimiter}${env.PATH ?? ''}` }
}

/** True while a process with this PID exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
