import type { Finding } from '../../shared/diagnosis'
import { makeFinding } from '../rules/finding-catalog'
import { formatBytes } from './container-options'
import type { ContainerRunResult } from './run-container'
import { toolkitInstall } from './toolkit-install'

/** Docker's default /dev/shm; DataLoader workers need far more. */
export const DEFAULT_SHM_BYTES = 64 * 1024 * 1024

export interface FindingContext {
  /** Text of /etc/os-release, for the install commands of this system. */
  osRelease: string | null
  platform: NodeJS.Platform
  rootless: boolean
}

/**
 * What a probe container run says about the container plumbing, as findings: the engine's start
 * error under its failure-mode id (with the toolkit install for this OS where that is the fix),
 * and /dev/shm left at the 64 MB default.
 */
export function containerFindings(run: ContainerRunResult, ctx: FindingContext): Finding[] {
  const findings: Finding[] = []
  const p = run.problem
  if (p?.failureModeId) {
    findings.push(makeFinding(p.failureModeId, 'error', {}, p.detail))
    if (p.code === 'gpu-support-missing' || p.code === 'nvidia-runtime-not-registered') {
      const install = toolkitInstall(ctx.osRelease, ctx.platform, ctx.rootless)
      findings.push(makeFinding('nvidia-container-toolkit-install', 'info', { os: install.os, commands: install.commands.map((c) => `\`${c}\``).join('\n') }))
    }
  }
  if (run.shmSizeBytes !== null && run.shmSizeBytes <= DEFAULT_SHM_BYTES && run.ipcMode !== 'host') {
    findings.push(
      makeFinding('container-shm-too-small', 'warning', { size: formatBytes(run.shmSizeBytes) }, `HostConfig.ShmSize=${run.shmSizeBytes} (${formatBytes(run.shmSizeBytes)}), IpcMode=${run.ipcMode ?? '?'}`),
    )
  }
  return findings
}
