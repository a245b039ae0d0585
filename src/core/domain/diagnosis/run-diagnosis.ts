import type { Diagnosis, DiagnosisProgress, StepId, StepResult } from '../../../shared/diagnosis'
import { STEP_IDS } from '../../../shared/diagnosis'
import type { GpuProcess, GpuState, MonitorSample } from '../../../shared/gpu'
import { GPU_DOCTOR_VERSION } from '../../../shared/version'
import { GpuMonitor } from '../../platform/nvidia-smi/monitor'
import { readGpuState } from '../../platform/nvidia-smi/read-status'
import type { ProbeRunner, ProbeWorkload } from '../../platform/probe/run-probe'
import { runProbe } from '../../platform/probe/run-probe'
import { formatCudnnVersion } from '../../knowledge/compat/versions'
import { withRunnerFindings } from './runner-findings'
import { probeGpuSelection } from './gpu-selection'
import type { DiagnosisInputs } from './step-inputs'
import { convTimingStep } from './steps/conv-timing'
import { cudnnLoadedStep } from './steps/cudnn-loaded'
import { gpuVisibleStep } from './steps/gpu-visible'
import { lddLinkageStep } from './steps/ldd-linkage'
import { smUtilisationStep } from './steps/sm-utilisation'
import { gpuLinksStep } from './steps/gpu-links'
import { readLinkFacts } from '../../platform/nvidia-smi/read-links'
import { descendantsOf } from '../../platform/process/proc'
import { type NvidiaHardware, readNvidiaHardware } from '../../platform/host/nvidia-hardware'
import { DEFAULT_CONV_SECONDS, DEFAULT_SUSTAIN_SECONDS } from './diagnosis-defaults'
import { attributeRunOptions } from './run-options'
import { referenceRepeatedFindings } from './repeated-findings'

export interface DiagnoseOptions {
  python: string
  steps?: readonly StepId[]
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  /** Runs the probe with cuDNN switched off, to see the failure the steps must catch. */
  disableCudnn?: boolean
  sustainSeconds?: number
  /** The GPUs steps 4 and 5 load: nvidia-smi indices or UUIDs, comma-separated, or "all" (default). */
  gpus?: string
  /** Seconds each conv case is timed for (default DEFAULT_CONV_SECONDS). */
  convSeconds?: number
  runId?: string
  onProgress?: (progress: DiagnosisProgress) => void
  /** Where the probe runs (a container, see core/docker); the host's Python when unset. SM% is sampled on the host either way. */
  runner?: ProbeRunner
  /** The probe's deadline; default 2 minutes plus the sustained load. A probe past it is killed and step 1 says so. */
  probeTimeoutMs?: number
  /** Names the container of each other GPU process (core/docker), for the contention and held-memory findings. */
  nameProcesses?: (processes: GpuProcess[]) => Promise<GpuProcess[]>
  /** The NVIDIA hardware on the PCI bus and in /dev (default: this machine's sysfs and /dev). */
  readHardware?: () => Promise<NvidiaHardware | null>
}

const RULES: Record<StepId, (inputs: DiagnosisInputs) => StepResult> = {
  'gpu-visible': gpuVisibleStep,
  'cudnn-loaded': cudnnLoadedStep,
  'ldd-linkage': lddLinkageStep,
  'sm-utilisation': smUtilisationStep,
  'conv-timing': convTimingStep,
  'gpu-links': gpuLinksStep,
}

/** Which probe stage does the work of each step, for per-step wall times. */
const STAGE_OF: Record<StepId, string> = {
  'gpu-visible': 'import-torch',
  'cudnn-loaded': 'facts',
  'ldd-linkage': 'ldd',
  'sm-utilisation': 'workload:sustained',
  'conv-timing': 'workload:conv',
  'gpu-links': 'workload:links',
}
const STEP_OF_STAGE: Record<string, StepId> = Object.fromEntries(Object.entries(STAGE_OF).map(([k, v]) => [v, k as StepId]))

const MONITOR_INTERVAL_MS = 250

/**
 * The five-step diagnosis: one probe run with the workloads the chosen steps need, the streaming
 * monitor sampling SM% around the sustained load, then the pure step rules. Cancelling through
 * `signal` kills the probe and the monitor.
 */
export async function runDiagnosis(options: DiagnoseOptions): Promise<Diagnosis> {
  const startedAt = new Date()
  const steps = STEP_IDS.filter((s) => !options.steps || options.steps.includes(s))
  const runId = options.runId ?? `run-${startedAt.getTime()}`
  const say = (stage: string, step: StepId | null, message: string, sample: DiagnosisProgress['sample'] = null) =>
    options.onProgress?.({ runId, stage, step, message, sample })

  const workloads: ProbeWorkload[] = []
  if (steps.includes('ldd-linkage')) workloads.push('cudnn-maps')
  if (steps.includes('sm-utilisation')) workloads.push('sustained')
  if (steps.includes('conv-timing')) workloads.push('conv')
  // Step 4's memory and host-copy figures, after the timed loads so that they do not share the GPU with them.
  if (steps.includes('sm-utilisation')) workloads.push('memory')
  if (steps.includes('gpu-links')) workloads.push('links')
  const sustainSeconds = options.sustainSeconds ?? DEFAULT_SUSTAIN_SECONDS

  // The probe spends seconds importing torch: it starts at once, beside the nvidia-smi read, unless
  // --gpus names nvidia-smi indices, which need that read to become UUIDs.
  say('nvidia-smi', 'gpu-visible', 'Reading nvidia-smi')
  const hostRead = readGpuState({
    nvidiaSmiPath: options.nvidiaSmiPath,
    env: options.env,
    signal: options.signal,
    nameProcesses: options.nameProcesses,
  })
  const gpusNeedHost = selectionNeedsHost(options.gpus)

  const samples: MonitorSample[] = []
  let monitor: GpuMonitor | null = null
  let monitorStopped: Promise<unknown> | null = null
  let lateStop: NodeJS.Timeout | null = null
  const stopMonitor = () => (monitorStopped ??= monitor?.stop() ?? Promise.resolve())
  if (workloads.includes('sustained')) {
    monitor = new GpuMonitor({ intervalMs: MONITOR_INTERVAL_MS, nvidiaSmiPath: options.nvidiaSmiPath, env: options.env })
    monitor.on('sample', (s) => {
      samples.push(s)
      for (const g of s.gpus) say('sample', 'sm-utilisation', 'SM%', { time: s.time, gpu: g.index, sm: g.utilizationGpu })
    })
    monitor.start()
  }
  // Step 6 reads the topology while the probe runs; only where several GPUs could talk.
  const linkFacts = hostRead.then((host) =>
    steps.includes('gpu-links') && host.kind === 'ok' && host.status.gpus.length > 1
      ? readLinkFacts({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: options.signal })
      : null,
  )
  const stageTimes = new Map<string, number>()
  // Filled from a progress callback, so kept in an object TypeScript does not narrow to null.
  const mid: { loadState: Promise<GpuState> | null; probeFamily: Promise<number[]> } = { loadState: null, probeFamily: Promise.resolve([]) }
  let probePid: number | null = null
  const probeStarted = Date.now()
  try {
    const probeRun = (gpusNeedHost ? hostRead : Promise.resolve(null)).then((host) =>
      runProbe({
        runner: options.runner,
        python: options.python,
        workloads,
        sustainSeconds,
        gpus: probeGpuSelection(options.gpus, host),
        convSeconds: options.convSeconds ?? DEFAULT_CONV_SECONDS,
        disableCudnn: options.disableCudnn,
        env: options.env,
        signal: options.signal,
        timeoutMs: options.probeTimeoutMs ?? 120_000 + sustainSeconds * 1000,
        onSpawn: (pid) => (probePid = pid),
        onProgress: (stage, time) => {
          stageTimes.set(stage, time)
          const step = STEP_OF_STAGE[stage] ?? null
          say(stage, step, stage)
          // Step 4's window is over: the sampler stops while step 5 runs, not after it (nvidia-smi takes
          // tenths of a second to end), once the sample that closes the window has arrived.
          if (monitor && stageTimes.has('workload:sustained') && stage !== 'workload:sustained' && !lateStop)
            lateStop = setTimeout(() => void stopMonitor(), MONITOR_INTERVAL_MS + 100)
          if (stage === 'workload:sustained' && monitor) {
            mid.loadState = new Promise((resolve) => setTimeout(resolve, (sustainSeconds * 1000) / 2)).then(() =>
              readGpuState({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, nameProcesses: options.nameProcesses }),
            )
            // Step 6's ranks hold a CUDA context by now: they are the probe's, not another user's.
            mid.probeFamily = mid.loadState.then((state) => probeFamilyOf(probePid, state))
          }
        },
      }),
    )
    const host = await hostRead
    // nvidia-smi failed: nothing to sample from; the probe still runs, step 1 says why the host side is missing.
    if (host.kind !== 'ok') await stopMonitor()
    const outcome = await probeRun
    const report = outcome.ok ? outcome.report : null
    const sustained = report?.workloads?.sustained
    const window = sustained && 'startedAt' in sustained ? sustained : null
    const inputs: DiagnosisInputs = {
      host,
      probe: outcome.ok
        ? { ok: true, report: outcome.report }
        : { ok: false, reason: outcome.reason, stderr: outcome.stderr, crash: outcome.crash, environment: outcome.environment },
      platform: (report?.python?.platform === 'win32' ? 'win32' : process.platform) as NodeJS.Platform,
      // Skip the first half second of load: utilisation is averaged over NVML's last sample period.
      idleSamples: window ? samples.filter((s) => s.time < window.startedAt - 250) : [],
      loadSamples: window ? samples.filter((s) => s.time >= window.startedAt + 500 && s.time <= window.endedAt) : [],
      loadState: mid.loadState ? await mid.loadState : null,
      probePid,
      hardware: await (options.readHardware ?? readNvidiaHardware)().catch(() => null),
      probeFamilyPids: await mid.probeFamily,
      links: await linkFacts,
      ...(options.gpus ? { selection: options.gpus } : {}),
    }
    const results = withRunnerFindings(
      steps.map((id) => ({ ...RULES[id](inputs), durationMs: stepDuration(id, stageTimes, probeStarted) })),
      outcome.findings ?? [],
    )
    return referenceRepeatedFindings(
      attributeRunOptions({
      schemaVersion: 1,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      environment: { ...environmentOf(inputs, options, Date.now() - probeStarted), probeWhere: outcome.where ?? 'host' },
      steps: results,
      }),
    )
  } finally {
    if (lateStop) clearTimeout(lateStop)
    await stopMonitor()
  }
}

/** Which GPU processes of this read run under the probe: only on Linux, where /proc tells a process's parent. */
function probeFamilyOf(probePid: number | null, state: GpuState): Promise<number[]> {
  if (probePid === null || state.kind !== 'ok' || process.platform !== 'linux') return Promise.resolve([])
  const listed = new Set(state.status.processes.map((p) => p.pid))
  return descendantsOf(probePid)
    .then((under) => under.filter((pid) => listed.has(pid)))
    .catch(() => [])
}

/** `--gpus 0,3` names nvidia-smi indices: only the nvidia-smi read can turn them into UUIDs for the probe. */
function selectionNeedsHost(gpus: string | undefined): boolean {
  return !!gpus && gpus.split(',').some((t) => /^\s*\d+\s*$/.test(t))
}

function stepDuration(id: StepId, times: Map<string, number>, probeStarted: number): number {
  const order = ['import-torch', 'facts', 'ldd', 'workload:cudnn-maps', 'workload:sustained', 'workload:conv', 'workload:memory', 'workload:links', 'done']
  const start = times.get(STAGE_OF[id])
  if (start === undefined) return 0
  const later = order.slice(order.indexOf(STAGE_OF[id]) + 1).map((s) => times.get(s)).find((t) => t !== undefined)
  const begin = id === 'gpu-visible' ? probeStarted : start
  const end = id === 'ldd-linkage' ? (times.get('workload:sustained') ?? times.get('workload:conv') ?? times.get('done') ?? later) : later
  return end !== undefined ? Math.max(0, end - begin) : 0
}

function environmentOf(inputs: DiagnosisInputs, options: DiagnoseOptions, probeMs: number): Record<string, unknown> {
  const r = inputs.probe.ok ? inputs.probe.report : null
  const host = inputs.host.kind === 'ok' ? inputs.host.status : null
  return {
    gpuDoctorVersion: GPU_DOCTOR_VERSION,
    python: r?.python?.executable ?? options.python,
    pythonVersion: r?.python?.version ?? null,
    torch: r?.torch?.version ?? null,
    torchCuda: r?.torch?.cudaBuild ?? null,
    cudnn: formatCudnnVersion(r?.cudnn?.version),
    nccl: r?.cudnn?.nccl ?? null,
    driverVersion: host?.driverVersion ?? null,
    driverCuda: host?.cudaVersion ?? null,
    gpus: host?.gpus.map((g) => ({ index: g.index, name: g.name, computeCapability: g.computeCapability, uuid: g.uuid })) ?? [],
    hostProblem: inputs.host.kind === 'error' ? inputs.host.problem.code : null,
    cudaVisibleDevices: r?.env.CUDA_VISIBLE_DEVICES ?? null,
    ldLibraryPath: r?.env.LD_LIBRARY_PATH ?? null,
    platform: process.platform,
    disableCudnn: options.disableCudnn ?? false,
    probeSeconds: probeMs / 1000,
    probeErrors: r?.errors.map((e) => `${e.stage}: ${e.message}`) ?? [],
    pythonPlatform: r?.python?.platform ?? null,
    externallyManaged: r?.python?.externallyManaged ?? null,
    inVenv: r?.python?.inVenv ?? null,
    inConda: r?.python?.inConda ?? null,
  }
}
