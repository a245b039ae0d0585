import { EventEmitter } from 'node:events'

import type { EventChannel, InvokeChannel } from '../../../shared/channels'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../shared/channels'
import type { Envelope, EventPayload, InvokeArgs, InvokeResult } from '../../../shared/contract'
import { invokeContract } from '../../../shared/contract'
import type { MonitorState } from '../../../shared/gpu'
import { createDockerService } from './docker-handlers'
import { sweepEngine } from '../../platform/docker/sweep-engine'
import type { HealthOutcome } from '../../domain/health/check-health'
import { checkHealthUnderLoad } from '../../domain/health/check-under-load'
import { readHealth } from '../read-health'
import { readHealthUnderLoad } from '../health-under-load'
import { readHostFacts } from '../../platform/host/host-facts'
import { prepareDiagnosis } from '../prepare-diagnosis'
import { detectInterpreters } from '../../platform/probe/interpreters'
import { createInterpreterAllowlist } from '../../platform/probe/interpreter-allowlist'
import { listInterpreters } from '../list-interpreters'
import { createLiveMonitor, type LiveMonitor } from '../../platform/nvml/live-monitor'
import { readGpuState } from '../../platform/nvidia-smi/read-status'
import { recommendForRequest } from '../recommend-images'
import { checkImageTags } from '../../domain/recommend/check-tags'
import { ipcErrorOf } from './ipc-error'
import { createReportHandlers } from './report-handlers'
import { type Caller, type CoreService, LOCAL_CALLER } from './types'
import { createWatchRegistry, type WatchLimits } from './watch-registry'
import { compareTargets } from '../compare-targets'
import { GpuProblemError } from '../../platform/errors'
import { sharedRead } from '../../platform/util/shared-read'
import { listGpuProcesses } from '../../domain/watch/process-table'
import { watchJob } from '../watch-job'

export interface CoreOptions {
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  /** Where the diagnosis history lives (Electron: app.getPath('userData')); default: XDG / %APPDATA%. */
  dataDir?: string
  /**
   * Saves a rendered report through the front end's own dialog (Electron: showSaveDialog, and
   * printToPDF for 'pdf', which receives the HTML). Serve has none: the browser downloads instead.
   */
  saveDocument?: (doc: { format: 'md' | 'html' | 'json' | 'pdf'; text: string; suggestedName: string }) => Promise<{ saved: boolean; path: string | null }>
  /** Opens a URL outside the app; front ends without one (serve) report `opened: false`. */
  openExternal?: (url: string) => Promise<boolean>
  /**
   * Asks the user, in the front end's own UI (the app's native dialog), whether a path typed in a
   * page may run as the Python. Without it (serve) only discovered and `allowedInterpreters` run.
   */
  confirmInterpreter?: (python: string) => Promise<boolean>
  /** Pythons the user named when starting the front end (serve's --python). */
  allowedInterpreters?: readonly string[]
  /** How many watches one caller, and all together, may run at once (tests lower them). */
  watchLimits?: WatchLimits
}

/** How long a GPU state read answers further `gpu:get-state` calls after it finished. */
export const STATE_FRESH_MS = 250
/** How long a health check answers further `health:check` calls after it finished. */
export const HEALTH_FRESH_MS = 1000

/** Channels whose handler needs to know who asks (their work belongs to the caller). */
type CallerChannel = typeof INVOKE_CHANNELS.runWatch | typeof INVOKE_CHANNELS.cancelWatch

/** Every request's handler, typed from the contract: a handler that drifts from it does not compile. */
type Handlers = { [C in Exclude<InvokeChannel, CallerChannel>]: (...args: InvokeArgs<C>) => Promise<InvokeResult<C>> }
type CallerHandlers = { [C in CallerChannel]: (caller: Caller, ...args: InvokeArgs<C>) => Promise<InvokeResult<C>> }

/**
 * The one core behind every front end. Arguments arrive untrusted and are parsed with the zod
 * contract; results and errors go back as an envelope, never as a thrown error.
 */
export function createCoreService(options: CoreOptions = {}): CoreService {
  const events = new EventEmitter()
  let monitor: LiveMonitor | null = null
  const discover = () => detectInterpreters(options.env ?? process.env)
  const pythons = createInterpreterAllowlist({ discover, confirm: options.confirmInterpreter, preset: options.allowedInterpreters })
  const reports = createReportHandlers({ dataDir: options.dataDir, nvidiaSmiPath: options.nvidiaSmiPath, env: options.env })

  const stopMonitor = async (): Promise<MonitorState> => {
    const m = monitor
    monitor = null
    if (!m) return { kind: 'stopped' }
    const state = await m.stop()
    m.removeAllListeners()
    events.emit(EVENT_CHANNELS.monitorState, state)
    return state
  }

  const startMonitor = async ({ intervalMs }: { intervalMs: number }): Promise<MonitorState> => {
    if (monitor && monitor.intervalMs === intervalMs && monitor.state.kind !== 'failed') return monitor.state
    await stopMonitor()
    const m = await createLiveMonitor({ intervalMs, nvidiaSmiPath: options.nvidiaSmiPath, env: options.env })
    m.on('sample', (s) => events.emit(EVENT_CHANNELS.monitorSample, s))
    m.on('sample', (s) => reports.samples.push(s))
    m.on('state', (s) => events.emit(EVENT_CHANNELS.monitorState, s))
    monitor = m
    return m.start()
  }

  const runs = new Map<string, AbortController>()
  const runStarts = new Map<string, string>()
  let runCounter = 0
  const docker = createDockerService(events, { env: options.env, nvidiaSmiPath: options.nvidiaSmiPath })
  // Containers left by a killed run go when the app or serve starts (in the background) and when it quits.
  const startSweep = sweepEngine(options.env)
  // Aborted on dispose: a compare still running then stops its probe instead of outliving the app.
  const lifetime = new AbortController()
  const compares = new Set<AbortController>()
  const watches = createWatchRegistry(lifetime.signal, options.watchLimits)

  const runWatch = (caller: Caller, req: InvokeArgs<'watch:run'>[0]) =>
    watches.run(caller, (signal) =>
      watchJob({
        job: { pid: req.pid },
        seconds: req.seconds,
        nvidiaSmiPath: options.nvidiaSmiPath,
        env: options.env,
        signal,
        onProgress: (elapsedSeconds, smNow) => events.emit(EVENT_CHANNELS.watchProgress, { pid: req.pid, elapsedSeconds, seconds: req.seconds, smNow }),
      }),
    )

  const startDiagnosis = async (req: InvokeArgs<'diagnosis:start'>[0]) => {
    // A host Python that is not there, or not allowed, is refused before a run starts (a container's is checked inside it).
    const diagnosis = await prepareDiagnosis({
      python: req.python,
      allowlist: pythons,
      container: req.container ? { image: req.container.image, gpus: req.container.gpus, shmSizeBytes: req.container.shmSizeBytes } : null,
      nvidiaSmiPath: options.nvidiaSmiPath,
      env: options.env,
    })
    const runId = `run-${Date.now()}-${++runCounter}`
    const runStartedAt = new Date().toISOString()
    const controller = new AbortController()
    runs.set(runId, controller)
    runStarts.set(runId, runStartedAt)
    // A container target is checked first (engine up, image present); its failure fails the run.
    diagnosis
      .run({
        history: reports.history,
        nameProcesses: docker.nameProcesses,
        steps: req.steps,
        disableCudnn: req.disableCudnn,
        signal: controller.signal,
        runId,
        // Every window gets the events: one that did not start the run shows it as another window's.
        onProgress: (p) => events.emit(EVENT_CHANNELS.diagnosisProgress, { ...p, runStartedAt }),
      })
      .then(({ diagnosis, saved, saveError, pruned, keeps }) => events.emit(EVENT_CHANNELS.diagnosisDone, { kind: 'done', runId, diagnosis, saved, saveError, pruned, keeps }))
      .catch((error: unknown) =>
        events.emit(EVENT_CHANNELS.diagnosisDone, { kind: 'failed', runId, message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        runs.delete(runId)
        runStarts.delete(runId)
      })
    return { runId }
  }

  // Concurrent state reads (many tabs of serve, a UI that asks again at once) share one nvidia-smi run.
  const readState = sharedRead(() => readGpuState({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, nameProcesses: docker.nameProcesses }), {
    freshMs: STATE_FRESH_MS,
  })

  // Concurrent health checks (tabs, a page opened twice) share one nvidia-smi -q -x and kernel-log read;
  // one under load shares the load already running with the same Python, never starts a second.
  const liveHealth = { nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: lifetime.signal }
  const readLiveHealth = sharedRead(() => readHealth(liveHealth), { freshMs: HEALTH_FRESH_MS })
  const underLoadReads = new Map<string, () => Promise<HealthOutcome>>()
  const sharedLoad = (python: string): Promise<HealthOutcome> => {
    let read = underLoadReads.get(python)
    if (!read) underLoadReads.set(python, (read = sharedRead(() => checkHealthUnderLoad({ ...liveHealth, python }), { freshMs: 0 })))
    return read()
  }

  const handlers: Handlers = {
    [INVOKE_CHANNELS.getGpuState]: readState,
    [INVOKE_CHANNELS.getHostFacts]: () => readHostFacts(),
    [INVOKE_CHANNELS.checkHealth]: async (request) => {
      const outcome = request?.underLoad ? await readHealthUnderLoad({ ...liveHealth, python: request.python, allowlist: pythons }, sharedLoad) : await readLiveHealth()
      if (!outcome.ok) throw new GpuProblemError(outcome.problem)
      return outcome.health
    },
    [INVOKE_CHANNELS.startMonitor]: startMonitor,
    [INVOKE_CHANNELS.stopMonitor]: stopMonitor,
    [INVOKE_CHANNELS.openExternal]: async (url) => ({ opened: options.openExternal ? await options.openExternal(url) : false }),
    [INVOKE_CHANNELS.listInterpreters]: () => listInterpreters(options.env ?? process.env, (found) => pythons.allowFound(found)),
    [INVOKE_CHANNELS.startDiagnosis]: startDiagnosis,
    [INVOKE_CHANNELS.cancelDiagnosis]: async (runId) => {
      const controller = runs.get(runId)
      controller?.abort()
      return { cancelled: controller !== undefined }
    },
    [INVOKE_CHANNELS.currentDiagnosis]: async () => [...runStarts].map(([runId, startedAt]) => ({ runId, startedAt })),
    [INVOKE_CHANNELS.dockerGetEngine]: () => docker.getEngine(),
    [INVOKE_CHANNELS.dockerListImages]: () => docker.listImages(),
    [INVOKE_CHANNELS.dockerStartPull]: (req) => docker.startPull(req.ref),
    [INVOKE_CHANNELS.dockerCancelPull]: (pullId) => docker.cancelPull(pullId),
    [INVOKE_CHANNELS.dockerCompare]: async (req) => {
      const controller = new AbortController()
      const stop = () => controller.abort()
      lifetime.signal.addEventListener('abort', stop)
      compares.add(controller)
      try {
        return await compareTargets({
          ...req,
          allowlist: pythons,
          nvidiaSmiPath: options.nvidiaSmiPath,
          env: options.env,
          signal: controller.signal,
          onRunning: (target) => events.emit(EVENT_CHANNELS.dockerCompareProgress, { side: target === req.a ? 'a' : 'b', target }),
        })
      } finally {
        compares.delete(controller)
        lifetime.signal.removeEventListener('abort', stop)
      }
    },
    [INVOKE_CHANNELS.dockerCancelCompare]: async () => {
      const cancelled = compares.size
      for (const controller of compares) controller.abort()
      return { cancelled }
    },
    [INVOKE_CHANNELS.renderReport]: reports.render,
    [INVOKE_CHANNELS.renderPdf]: reports.pdf,
    [INVOKE_CHANNELS.saveReport]: async (req) => {
      if (!options.saveDocument) return { saved: false, path: null, reason: 'no-save-dialog' }
      const rendered = await reports.render({ ...req, format: req.format === 'pdf' ? 'html' : req.format })
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
      const result = await options.saveDocument({ format: req.format, text: rendered.text, suggestedName: `gpu-doctor-report-${stamp}.${req.format}` })
      return { ...result, reason: result.saved ? null : 'cancelled' }
    },
    [INVOKE_CHANNELS.mergeReports]: reports.merge,
    [INVOKE_CHANNELS.listHistory]: reports.listHistory,
    [INVOKE_CHANNELS.loadHistory]: reports.loadHistory,
    [INVOKE_CHANNELS.compareHistory]: reports.compare,
    [INVOKE_CHANNELS.listGpuProcesses]: () => listGpuProcesses({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: lifetime.signal, nameProcesses: docker.nameProcesses }),
    [INVOKE_CHANNELS.getRecommendations]: (req) =>
      recommendForRequest(req ?? {}, {
        nvidiaSmiPath: options.nvidiaSmiPath,
        env: options.env,
        // The engine state the Images page shows: its toolkit install goes with the recommendation.
        engineGpuSetup: async () => {
          const state = await docker.getEngine()
          return state.kind === 'up' ? state.info.gpuSetup : null
        },
      }),
    [INVOKE_CHANNELS.checkTags]: ({ images, cpuArch }) => checkImageTags(images, cpuArch, { timeoutMs: 15_000 }),
  }

  const callerHandlers: CallerHandlers = {
    [INVOKE_CHANNELS.runWatch]: runWatch,
    [INVOKE_CHANNELS.cancelWatch]: async (caller) => ({ cancelled: watches.cancel(caller) }),
  }

  const handlerFor = (channel: InvokeChannel, caller: Caller): ((...args: unknown[]) => Promise<unknown>) | undefined => {
    if (Object.hasOwn(callerHandlers, channel)) {
      const withCaller = callerHandlers[channel as CallerChannel] as (caller: Caller, ...args: unknown[]) => Promise<unknown>
      return (...args) => withCaller(caller, ...args)
    }
    return Object.hasOwn(handlers, channel) ? (handlers[channel as keyof Handlers] as (...args: unknown[]) => Promise<unknown>) : undefined
  }

  return {
    async invoke<C extends InvokeChannel>(channel: C, rawArgs: unknown[], caller: Caller = LOCAL_CALLER): Promise<Envelope<InvokeResult<C>>> {
      const spec = invokeContract[channel]
      const handler = handlerFor(channel, caller)
      if (!spec || !handler) return { ok: false, error: { code: 'unknown-channel', message: `Unknown request "${String(channel)}".` } }
      const parsed = spec.args.safeParse(rawArgs)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
        return { ok: false, error: { code: 'invalid-arguments', message: `Invalid arguments for ${channel}${where}: ${issue?.message}` } }
      }
      try {
        // The contract's schema for C parsed these arguments, so they are InvokeArgs<C>.
        const value = (await handler(...(parsed.data as unknown[]))) as InvokeResult<C>
        return { ok: true, value }
      } catch (error) {
        return { ok: false, error: ipcErrorOf(error) }
      }
    },

    on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void {
      events.on(channel, listener)
      return () => {
        events.off(channel, listener)
        // Nobody watches any more: stop the nvidia-smi stream rather than let it run unseen.
        if (channel === EVENT_CHANNELS.monitorSample && events.listenerCount(channel) === 0) void stopMonitor()
      }
    },

    async dispose(): Promise<void> {
      lifetime.abort()
      for (const controller of runs.values()) controller.abort()
      await docker.dispose()
      await startSweep
      await sweepEngine(options.env)
      await stopMonitor()
      events.removeAllListeners()
    },
  }
}
