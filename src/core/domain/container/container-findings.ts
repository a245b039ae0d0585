import type { Finding } from '../../../shared/diagnosis'
import { isFindingId } from '../../../shared/i18n/findings'
import { makeFinding } from '../findings/finding-catalog'
import { formatBytes } from '../../platform/docker/container-options'
import type { CdiVerdict } from '../../platform/docker/cdi-spec'
import type { ContainerRunResult } from '../../platform/docker/run-container'
import { toolkitInstall } from '../../platform/docker/toolkit-install'

/** Docker's default /dev/shm; DataLoader workers need far more. */
export const DEFAULT_SHM_BYTES = 64 * 1024 * 1024

export interface FindingContext {
  /** Text of /etc/os-release, for the install commands of this system. */
  osRelease: string | null
  platform: NodeJS.Platform
  rootless: boolean
  /** Podman reaches GPUs through CDI: its toolkit steps end in `nvidia-ctk cdi generate`. */
  engine?: 'docker' | 'podman'
}

/**
 * What a probe container run says about the container plumbing, as findings: the engine's start
 * error under its failure-mode id (with the toolkit install for this OS where that is the fix),
 * and /dev/shm left at the 64 MB default.
 */
export function containerFindings(run: ContainerRunResult, ctx: FindingContext): Finding[] {
  const findings: Finding[] = []
  const p = run.problem
  if (p?.failureModeId && isFindingId(p.failureModeId)) {
    findings.push(makeFinding(p.failureModeId, 'error', {}, p.detail))
    if (p.code === 'gpu-support-missing' || p.code === 'nvidia-runtime-not-registered' || p.code === 'cdi-device-unresolvable') {
      findings.push(toolkitFinding(ctx))
    }
  }
  if (run.shmSizeBytes !== null && run.shmSizeBytes <= DEFAULT_SHM_BYTES && run.ipcMode !== 'host') {
    findings.push(
      makeFinding('container-shm-too-small', 'warning', { size: formatBytes(run.shmSizeBytes) }, `HostConfig.ShmSize=${run.shmSizeBytes} (${formatBytes(run.shmSizeBytes)}), IpcMode=${run.ipcMode ?? '?'}`),
    )
  }
  return findings
}

function toolkitFinding(ctx: FindingContext): Finding {
  const install = toolkitInstall(ctx.osRelease, ctx.platform, ctx.rootless, ctx.engine)
  return makeFinding('nvidia-container-toolkit-install', 'info', { os: install.os, commands: install.commands.map((c) => `\`${c}\``).join('\n') })
}

/**
 * A missing or stale CDI spec, judged on the host before a Podman container asks for
 * nvidia.com/gpu (a missing one also fails the start: the same finding then comes once).
 */
export function cdiFindings(verdict: CdiVerdict, ctx: FindingContext): Finding[] {
  if (verdict.state === 'ok') return []
  const evidence =
    verdict.state === 'missing'
      ? `No CDI spec of kind nvidia.com/gpu in ${verdict.searched.join(' or ')}`
      : `${verdict.path} was generated for driver ${verdict.specDriver}; the running driver is ${verdict.hostDriver}`
  return [makeFinding('cdi-spec-missing-or-stale', 'error', {}, evidence), toolkitFinding({ ...ctx, engine: 'podman' })]
}
