import { z } from 'zod'

import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels'
import { DiagnosisProgressSchema, DiagnosisSchema, StepIdSchema } from './diagnosis'
import { GpuStateSchema, MonitorSampleSchema, MonitorStateSchema } from './gpu'
import { HostFactsSchema } from './host'

export const InterpreterSchema = z.object({
  path: z.string(),
  source: z.enum(['path', 'venv', 'conda', 'py-launcher', 'explicit']),
  version: z.string().nullable(),
  torchLocation: z.string().nullable(),
  error: z.string().nullable(),
})

/** Every request and its result, keyed by channel: the one contract of main, preload and serve. */
export const invokeContract = {
  [INVOKE_CHANNELS.getGpuState]: {
    args: z.tuple([]),
    result: GpuStateSchema,
  },
  [INVOKE_CHANNELS.getHostFacts]: {
    args: z.tuple([]),
    result: HostFactsSchema,
  },
  [INVOKE_CHANNELS.startMonitor]: {
    args: z.tuple([z.object({ intervalMs: z.number().int().min(100).max(60_000) })]),
    result: MonitorStateSchema,
  },
  [INVOKE_CHANNELS.stopMonitor]: {
    args: z.tuple([]),
    result: MonitorStateSchema,
  },
  [INVOKE_CHANNELS.openExternal]: {
    args: z.tuple([z.string().max(2048)]),
    result: z.object({ opened: z.boolean() }),
  },
  [INVOKE_CHANNELS.listInterpreters]: {
    args: z.tuple([]),
    result: z.array(InterpreterSchema),
  },
  [INVOKE_CHANNELS.startDiagnosis]: {
    args: z.tuple([
      z.object({
        /** A path from listInterpreters, or one the user typed; it is only ever executed, never shell-parsed. */
        python: z.string().min(1).max(4096),
        steps: z.array(StepIdSchema).min(1).max(5).optional(),
        disableCudnn: z.boolean().optional(),
      }),
    ]),
    result: z.object({ runId: z.string() }),
  },
  [INVOKE_CHANNELS.cancelDiagnosis]: {
    args: z.tuple([z.string().max(100)]),
    result: z.object({ cancelled: z.boolean() }),
  },
} as const

export const eventContract = {
  [EVENT_CHANNELS.monitorSample]: MonitorSampleSchema,
  [EVENT_CHANNELS.monitorState]: MonitorStateSchema,
  [EVENT_CHANNELS.diagnosisProgress]: DiagnosisProgressSchema,
  [EVENT_CHANNELS.diagnosisDone]: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('done'), runId: z.string(), diagnosis: DiagnosisSchema }),
    z.object({ kind: z.literal('failed'), runId: z.string(), message: z.string() }),
  ]),
} as const

export type InvokeContract = typeof invokeContract
export type InvokeArgs<C extends keyof InvokeContract> = z.infer<InvokeContract[C]['args']>
export type InvokeResult<C extends keyof InvokeContract> = z.infer<InvokeContract[C]['result']>
export type EventContract = typeof eventContract
export type EventPayload<C extends keyof EventContract> = z.infer<EventContract[C]>

export const IpcErrorSchema = z.object({ code: z.string(), message: z.string() })
export type IpcError = z.infer<typeof IpcErrorSchema>

/** Errors travel as data: a thrown error over IPC keeps only its message. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: IpcError }
