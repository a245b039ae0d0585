import { z } from 'zod'

import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels'
import { GpuStateSchema, MonitorSampleSchema, MonitorStateSchema } from './gpu'
import { HostFactsSchema } from './host'

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
} as const

export const eventContract = {
  [EVENT_CHANNELS.monitorSample]: MonitorSampleSchema,
  [EVENT_CHANNELS.monitorState]: MonitorStateSchema,
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
