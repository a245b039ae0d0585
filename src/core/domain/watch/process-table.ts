import { readFile } from 'node:fs/promises'

import type { GpuProcess } from '../../../shared/gpu'
import type { GpuProcessRow } from '../../../shared/watch'
import { locateNvidiaSmi } from '../../platform/nvidia-smi/locate'
import { parseDmon } from '../../platform/nvidia-smi/parse-dmon'
import { readGpuState } from '../../platform/nvidia-smi/read-status'
import { runProcess } from '../../platform/process/run-process'
import { GpuProblemError } from '../../platform/errors'
import { readCommandLine } from '../../platform/process/proc'

const PMON_TIMEOUT_MS = 5_000

/** SM % per (GPU, PID) from one `nvidia-smi pmon -c 1 -s u` sample; empty when pmon cannot run. */
export function parsePmonSm(text: string): Map<string, number | null> {
  const sm = new Map<string, number | null>()
  for (const row of parseDmon(text).rows) {
    const pid = row.values.pid
    if (pid !== null && pid !== undefined) sm.set(`${row.gpu}:${pid}`, row.values.sm ?? null)
  }
  return sm
}

/** UID → user name from /etc/passwd (the UID itself where the name is unknown). */
async function userNames(): Promise<(uid: string) => string> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '')
  const names = new Map(passwd.split('\n').map((line) => line.split(':')).filter((f) => f.length > 2).map((f) => [f[2]!, f[0]!]))
  return (uid) => names.get(uid) ?? uid
}

async function ownerUid(pid: number, proc: string): Promise<string | null> {
  const status = await readFile(`${proc}/${pid}/status`, 'utf8').catch(() => '')
  return /^Uid:\s+(\d+)/m.exec(status)?.[1] ?? null
}

export interface ProcessTableOptions {
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  nameProcesses?: (processes: GpuProcess[]) => Promise<GpuProcess[]>
  proc?: string
}

/**
 * Every compute process on every GPU, for the live panel's table: PID, user, command line,
 * container, SM % (one pmon sample) and GPU memory. nvidia-smi failing is a GpuProblemError.
 */
export async function listGpuProcesses(options: ProcessTableOptions = {}): Promise<GpuProcessRow[]> {
  const proc = options.proc ?? '/proc'
  const state = await readGpuState({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: options.signal, nameProcesses: options.nameProcesses })
  if (state.kind === 'error') throw new GpuProblemError(state.problem)
  const processes = state.status.processes.filter((p) => p.pid !== null)
  if (processes.length === 0) return []
  const smi = locateNvidiaSmi({ explicitPath: options.nvidiaSmiPath, env: options.env }).path
  const pmon = smi ? await runProcess(smi, ['pmon', '-c', '1', '-s', 'u'], { timeoutMs: PMON_TIMEOUT_MS, env: options.env, signal: options.signal }) : null
  const sm = pmon && pmon.exitCode === 0 ? parsePmonSm(pmon.stdout) : new Map<string, number | null>()
  const user = await userNames()
  return Promise.all(
    processes.map(async (p) => {
      const uid = await ownerUid(p.pid!, proc)
      return {
        gpuIndex: p.gpuIndex,
        pid: p.pid!,
        user: uid === null ? null : user(uid),
        command: (await readCommandLine(p.pid!, proc)) || p.name,
        container: p.container,
        smPercent: sm.get(`${p.gpuIndex}:${p.pid}`) ?? null,
        usedMemoryMiB: p.usedMemoryMiB,
      }
    }),
  )
}
