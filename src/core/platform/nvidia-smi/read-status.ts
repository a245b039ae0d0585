import { readRegularText } from '../files/read-regular'

import type { GpuProcess, GpuState, GpuStatus } from '../../../shared/gpu'
import { runProcess } from '../process/run-process'
import { classifySmiFailure, describeRun, makeProblem } from './classify-failure'
import { csvRowsToStatus, parseCsvQuery } from './parse-csv'
import { parseHelpQueryGpu } from './parse-help-query'
import { parseSmiTable } from './parse-table'
import { parseProcDriverVersion, parseSmiVersion } from './parse-version'
import { COMPUTE_APPS_FIELDS, FIELD_ALIASES, selectSupportedFields, STATUS_FIELDS } from './query-fields'
import { locateNvidiaSmi } from './locate'
import { oneLine } from '../../../shared/one-line'

export interface ReadStatusOptions {
  nvidiaSmiPath?: string
  timeoutMs?: number
  signal?: AbortSignal
  env?: NodeJS.ProcessEnv
  /** Fills `container` of GPU processes (core/docker nameGpuProcesses); nothing is asked of Docker without it. */
  nameProcesses?: (processes: GpuProcess[]) => Promise<GpuProcess[]>
}

const DEFAULT_TIMEOUT_MS = 10_000
const knownFieldsCache = new Map<string, Promise<Set<string> | null>>()

/** `--help-query-gpu` is read once per nvidia-smi binary: the field list does not change while we run. */
function knownFields(smi: string, timeoutMs: number, env?: NodeJS.ProcessEnv): Promise<Set<string> | null> {
  let cached = knownFieldsCache.get(smi)
  if (!cached) {
    cached = runProcess(smi, ['--help-query-gpu'], { timeoutMs, env }).then((run) => {
      const fields = run.exitCode === 0 ? parseHelpQueryGpu(run.stdout) : new Set<string>()
      // Only a good answer is remembered: a failure now (driver not loaded yet) may pass later.
      if (fields.size === 0) knownFieldsCache.delete(smi)
      return fields.size > 0 ? fields : null
    })
    knownFieldsCache.set(smi, cached)
  }
  return cached
}

/** Reads the kernel module's driver version without spawning anything (Linux only). */
export async function readKernelModuleVersion(path = '/proc/driver/nvidia/version'): Promise<string | null> {
  if (process.platform !== 'linux') return null
  try {
    return parseProcDriverVersion(await readRegularText(path, { maxBytes: 64 * 1024 }))
  } catch {
    return null
  }
}

function canonical(field: string): string {
  const entry = Object.entries(FIELD_ALIASES).find(([, alias]) => alias === field)
  return entry ? entry[0] : field
}

async function readProcesses(smi: string, status: GpuStatus, timeoutMs: number, signal?: AbortSignal, env?: NodeJS.ProcessEnv): Promise<GpuProcess[]> {
  const fields = [...COMPUTE_APPS_FIELDS]
  const run = await runProcess(smi, [`--query-compute-apps=${fields.join(',')}`, '--format=csv,noheader,nounits'], {
    timeoutMs,
    signal,
    env,
  })
  if (run.exitCode !== 0) return []
  const byUuid = new Map(status.gpus.map((g) => [g.uuid, g.index]))
  return parseCsvQuery(run.stdout, fields).map((row) => ({
    gpuIndex: byUuid.get(row.gpu_uuid ?? null) ?? null,
    pid: row.pid ? Number.parseInt(row.pid, 10) : null,
    type: 'C',
    name: oneLine(row.process_name ?? ''),
    usedMemoryMiB: row.used_memory ? Number.parseFloat(row.used_memory) : null,
    gpuInstanceId: null,
    computeInstanceId: null,
    container: null,
  }))
}

/** Drivers older than `--version` (it came with the 5xx branches) state CUDA only in the table header. */
async function versionsFromTable(smi: string, timeoutMs: number, signal?: AbortSignal, env?: NodeJS.ProcessEnv) {
  const run = await runProcess(smi, [], { timeoutMs, signal, env })
  if (run.exitCode !== 0) return null
  const table = parseSmiTable(run.stdout)
  return { driverVersion: table.driverVersion, cudaVersion: table.cudaVersion }
}

/**
 * Reads driver and GPU state from the live nvidia-smi: one CSV query for the GPUs, `--version` for
 * the driver's highest CUDA, and the compute processes. Every failure comes back as a problem.
 */
export async function readGpuState(options: ReadStatusOptions = {}): Promise<GpuState> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  // The kernel module's version costs one file read and explains a mismatch or a missing driver.
  const moduleVersion = await readKernelModuleVersion()
  const moduleFact = process.platform === 'linux' ? `/proc/driver/nvidia/version: ${moduleVersion ?? 'missing (no NVIDIA kernel module loaded)'}` : null
  const located = locateNvidiaSmi({ explicitPath: options.nvidiaSmiPath, env: options.env })
  if (!located.path) {
    return { kind: 'error', problem: makeProblem('nvidia-smi-missing', 'nvidia-smi: not found', [...located.checked, ...(moduleFact ? [moduleFact] : [])]) }
  }
  const smi = located.path
  const checked = [`nvidia-smi: ${smi}`, ...(moduleFact ? [moduleFact] : [])]

  const fields = selectSupportedFields(STATUS_FIELDS, await knownFields(smi, timeoutMs, options.env))
  const query = runProcess(smi, [`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits'], {
    timeoutMs,
    signal: options.signal,
    env: options.env,
  })
  const version = runProcess(smi, ['--version'], { timeoutMs, signal: options.signal, env: options.env })
  const [queryRun, versionRun] = await Promise.all([query, version])

  const problem = classifySmiFailure(queryRun, checked)
  if (problem) return { kind: 'error', problem }

  const rows = parseCsvQuery(queryRun.stdout, fields).map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [canonical(k), v])),
  )
  if (rows.length === 0 || rows.some((r) => r.index === null || r.index === undefined || Number.isNaN(Number(r.index)))) {
    return { kind: 'error', problem: makeProblem('garbage-output', describeRun(queryRun), checked) }
  }
  const versions = versionRun.exitCode === 0 ? parseSmiVersion(versionRun.stdout) : await versionsFromTable(smi, timeoutMs, options.signal, options.env)
  const status = csvRowsToStatus(rows, {
    driverVersion: versions?.driverVersion ?? undefined,
    cudaVersion: versions?.cudaVersion ?? undefined,
  })
  status.source = 'live'
  if (!status.driverVersion) status.driverVersion = moduleVersion
  status.processes = await readProcesses(smi, status, timeoutMs, options.signal, options.env)
  if (options.nameProcesses && status.processes.length > 0) status.processes = await options.nameProcesses(status.processes).catch(() => status.processes)
  return { kind: 'ok', status }
}
