import { EventEmitter } from 'node:events'

import type { EventChannel, InvokeChannel } from '../shared/channels'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../shared/channels'
import type { Envelope, EventPayload } from '../shared/contract'
import { invokeContract } from '../shared/contract'
import type { StepId } from '../shared/diagnosis'
import type { MonitorState } from '../shared/gpu'
import { runDiagnosis } from './diagnosis/run-diagnosis'
import { readHostFacts } from './host/host-facts'
import { detectInterpreters } from './probe/interpreters'
import { GpuMonitor } from './nvidia-smi/monitor'
import { readGpuState } from './nvidia-smi/read-status'
import type { CoreService } from './service-types'

export interface CoreOptions {
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  /** Opens a URL outside the app; front ends without one (serve) report `opened: false`. */
  openExternal?: (url: string) => Promise<boolean>
}

type Handler = (...args: never[]) => Promise<unknown>

/**
 * The one core behind every front end. Arguments arrive untrusted and are parsed with the zod
 * contract; results and errors go back as an envelope, never as a thrown error.
 */
export function createCoreService(options: CoreOptions = {}): CoreService {
  const events = new EventEmitter()
  let monitor: GpuMonitor | null = null

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
    const m = new GpuMonitor({ intervalMs, nvidiaSmiPath: options.nvidiaSmiPath, env: options.env })
    m.on('sample', (s) => events.emit(EVENT_CHANNELS.monitorSample, s))
    m.on('state', (s) => events.emit(EVENT_CHANNELS.monitorState, s))
    monitor = m
    return m.start()
  }

  const runs = new Map<string, AbortController>()
  let runCounter = 0

  const startDiagnosis = async (req: { python: string; steps?: StepId[]; disableCudnn?: boolean }) => {
    const runId = `run-${Date.now()}-${++runCounter}`
    const controller = new AbortController()
    runs.set(runId, controller)
    runDiagnosis({
      python: req.python,
      steps: req.steps,
      disableCudnn: req.disableCudnn,
      nvidiaSmiPath: options.nvidiaSmiPath,
      env: options.env,
      signal: controller.signal,
      runId,
      onProgress: (p) => events.emit(EVENT_CHANNELS.diagnosisProgress, p),
    })
      .then((diagnosis) => events.emit(EVENT_CHANNELS.diagnosisDone, { kind: 'done', runId, diagnosis }))
      .catch((error: unknown) =>
        events.emit(EVENT_CHANNELS.diagnosisDone, { kind: 'failed', runId, message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => runs.delete(runId))
    return { runId }
  }

  const handlers: Record<InvokeChannel, Handler> = {
    [INVOKE_CHANNELS.getGpuState]: () => readGpuState({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env }),
    [INVOKE_CHANNELS.getHostFacts]: () => readHostFacts(),
    [INVOKE_CHANNELS.startMonitor]: startMonitor as Handler,
    [INVOKE_CHANNELS.stopMonitor]: stopMonitor,
    [INVOKE_CHANNELS.openExternal]: (async (url: string) => ({
      opened: options.openExternal ? await options.openExternal(url) : false,
    })) as Handler,
    [INVOKE_CHANNELS.listInterpreters]: () => detectInterpreters(options.env ?? process.env),
    [INVOKE_CHANNELS.startDiagnosis]: startDiagnosis as Handler,
    [INVOKE_CHANNELS.cancelDiagnosis]: (async (runId: string) => {
      const controller = runs.get(runId)
      controller?.abort()
      return { cancelled: controller !== undefined }
    }) as Handler,
  }

  return {
    async invoke(channel: InvokeChannel, rawArgs: unknown[]): Promise<Envelope<unknown>> {
      const spec = invokeContract[channel]
      const handler = handlers[channel]
      if (!spec || !handler) return { ok: false, error: { code: 'unknown-channel', message: `Unknown request "${String(channel)}".` } }
      const parsed = spec.args.safeParse(rawArgs)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
        return { ok: false, error: { code: 'invalid-arguments', message: `Invalid arguments for ${channel}${where}: ${issue?.message}` } }
      }
      try {
        const value = await (handler as (...a: unknown[]) => Promise<unknown>)(...(parsed.data as unknown[]))
        return { ok: true, value }
      } catch (error) {
        return { ok: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } }
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
      for (const controller of runs.values()) controller.abort()
      await stopMonitor()
      events.removeAllListeners()
    },
  }
}
