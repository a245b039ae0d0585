import { z } from 'zod'

import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels'
import { DiagnosisProgressSchema, DiagnosisSchema, StepIdSchema } from './diagnosis'
import { GpuStateSchema, MonitorSampleSchema, MonitorStateSchema } from './gpu'
import { CompareResultSchema, ContainerTargetSchema, EngineStateSchema, LocalImageSchema, PullDoneSchema, PullProgressSchema } from './docker'
import { HealthResultSchema } from './health'
import { HostFactsSchema } from './host'
import { FLEET_MAX_BYTES, FLEET_MAX_REPORTS, FleetTableSchema } from './fleet'
import { ComparisonSchema, HistoryEntrySchema, HistoryIdSchema, HistoryListingSchema, SaveFailureSchema } from './history'
import { CpuArchSchema, RecommendRequestSchema, RecommendResultSchema, TagCheckResultSchema } from './recommend'
import { RenderedPdfSchema, RenderedReportSchema, ReportFormatSchema, ReportLangSchema } from './report'
import { GpuProcessRowSchema, WatchProgressSchema, WatchRequestSchema, WatchResultSchema } from './watch'

export const InterpreterSchema = z.object({
  path: z.string(),
  source: z.enum(['path', 'venv', 'conda', 'py-launcher', 'explicit']),
  version: z.string().nullable(),
  torchLocation: z.string().nullable(),
  /** What torch was built for (its version.py): a `cpu` build can never use the GPU. Absent from older cores. */
  torchBuild: z.enum(['cuda', 'rocm', 'cpu', 'unknown']).optional(),
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
  [INVOKE_CHANNELS.checkHealth]: {
    /**
     * The hardware preflight of this machine (nvidia-smi -q -x and the kernel log). When nvidia-smi
     * fails: error 'gpu-problem', the GpuProblem's message, and its fields in `details`. With
     * `underLoad`, read while GPU Doctor's own bf16 load runs in `python` (the default Python when
     * absent), so a PCIe link that saves power at idle is judged at its working speed.
     */
    args: z.tuple([z.object({ underLoad: z.boolean(), python: z.string().min(1).max(4096).optional() }).optional()]),
    result: HealthResultSchema,
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
        /** Run the probe in a container of this image instead of with `python` on the host. */
        container: ContainerTargetSchema.optional(),
      }),
    ]),
    result: z.object({ runId: z.string() }),
  },
  [INVOKE_CHANNELS.cancelDiagnosis]: {
    args: z.tuple([z.string().max(100)]),
    result: z.object({ cancelled: z.boolean() }),
  },
  /** The runs under way now (any window's), so that a window opened mid-run shows it. */
  [INVOKE_CHANNELS.currentDiagnosis]: {
    args: z.tuple([]),
    result: z.array(z.object({ runId: z.string(), startedAt: z.string() })),
  },
  [INVOKE_CHANNELS.dockerGetEngine]: {
    args: z.tuple([]),
    result: EngineStateSchema,
  },
  [INVOKE_CHANNELS.dockerListImages]: {
    args: z.tuple([]),
    result: z.array(LocalImageSchema),
  },
  [INVOKE_CHANNELS.dockerStartPull]: {
    /** Validated against Docker's reference grammar again in the core, before anything is sent. */
    args: z.tuple([z.object({ ref: z.string().min(1).max(512) })]),
    result: z.object({ pullId: z.string() }),
  },
  [INVOKE_CHANNELS.dockerCancelPull]: {
    args: z.tuple([z.string().max(100)]),
    result: z.object({ cancelled: z.boolean() }),
  },
  [INVOKE_CHANNELS.dockerCompare]: {
    /** Each side an image reference or 'host'. */
    args: z.tuple([z.object({ a: z.string().min(1).max(512), b: z.string().min(1).max(512), python: z.string().min(1).max(4096).optional() })]),
    result: CompareResultSchema,
  },
  [INVOKE_CHANNELS.dockerCancelCompare]: {
    /** Stops every comparison under way (its probe containers included). */
    args: z.tuple([]),
    result: z.object({ cancelled: z.number().int() }),
  },
  [INVOKE_CHANNELS.getRecommendations]: {
    /** No GPU facts = this machine; smiText = pasted nvidia-smi output of another one. */
    args: z.tuple([RecommendRequestSchema.optional()]),
    result: RecommendResultSchema,
  },
  [INVOKE_CHANNELS.checkTags]: {
    /** Asks each image's registry whether the tag exists and for which platforms (the core's network, a timeout per tag). */
    args: z.tuple([z.object({ images: z.array(z.string().min(1).max(512)).min(1).max(16), cpuArch: CpuArchSchema })]),
    result: z.array(TagCheckResultSchema),
  },
  [INVOKE_CHANNELS.renderReport]: {
    /** No diagnosis = the latest saved one. The text is for a preview or a save dialog in main. */
    args: z.tuple([z.object({ format: ReportFormatSchema, redact: z.boolean(), lang: ReportLangSchema, diagnosis: DiagnosisSchema.optional() })]),
    result: RenderedReportSchema,
  },
  [INVOKE_CHANNELS.renderPdf]: {
    /**
     * The HTML report printed to PDF by a headless Chromium on the core's machine, for front ends
     * with no printer of their own (serve: the browser downloads it). No Chromium: error 'no-chromium'.
     */
    args: z.tuple([z.object({ redact: z.boolean(), lang: ReportLangSchema, diagnosis: DiagnosisSchema.optional() })]),
    result: RenderedPdfSchema,
  },
  [INVOKE_CHANNELS.saveReport]: {
    /** Renders and hands the document to the front end's save dialog (the app's; serve has none). */
    args: z.tuple([
      z.object({ format: z.enum(['md', 'html', 'json', 'pdf']), redact: z.boolean(), lang: ReportLangSchema, diagnosis: DiagnosisSchema.optional() }),
    ]),
    result: z.object({ saved: z.boolean(), path: z.string().nullable(), reason: z.string().nullable() }),
  },
  [INVOKE_CHANNELS.mergeReports]: {
    /** JSON texts of reports (or diagnoses) from several machines, never paths. */
    args: z.tuple([z.array(z.string().max(FLEET_MAX_BYTES)).min(1).max(FLEET_MAX_REPORTS)]),
    result: FleetTableSchema,
  },
  [INVOKE_CHANNELS.listHistory]: {
    args: z.tuple([]),
    result: HistoryListingSchema,
  },
  [INVOKE_CHANNELS.loadHistory]: {
    /** A damaged entry: error 'history-entry-unreadable' (details id, damage, detail); none: 'history-entry-not-found'. */
    args: z.tuple([HistoryIdSchema]),
    result: DiagnosisSchema,
  },
  [INVOKE_CHANNELS.compareHistory]: {
    args: z.tuple([HistoryIdSchema, HistoryIdSchema]),
    result: ComparisonSchema,
  },
  [INVOKE_CHANNELS.listGpuProcesses]: {
    /** The compute processes of every GPU with user, command, container, SM % and memory. */
    args: z.tuple([]),
    result: z.array(GpuProcessRowSchema),
  },
  [INVOKE_CHANNELS.runWatch]: {
    /**
     * Watches a running job and answers with its verdict (watch:progress once a second meanwhile).
     * Cannot run: error 'watch-failed' with `reason` and `messageKey` (namespace 'watch') in details, also when
     * the caller or everyone together already runs the most watches allowed (WATCH_MAX_PER_CLIENT, WATCH_MAX_TOTAL).
     */
    args: z.tuple([WatchRequestSchema]),
    result: WatchResultSchema,
  },
  [INVOKE_CHANNELS.cancelWatch]: {
    /** Stops the caller's watches under way (another window's or tab's go on); each answers error 'cancelled'. */
    args: z.tuple([]),
    result: z.object({ cancelled: z.number().int() }),
  },
} as const

export const eventContract = {
  [EVENT_CHANNELS.monitorSample]: MonitorSampleSchema,
  [EVENT_CHANNELS.monitorState]: MonitorStateSchema,
  [EVENT_CHANNELS.diagnosisProgress]: DiagnosisProgressSchema,
  [EVENT_CHANNELS.diagnosisDone]: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('done'),
      runId: z.string(),
      diagnosis: DiagnosisSchema,
      /** The history entry it was saved as; null when the save failed (saveError says why). */
      saved: HistoryEntrySchema.nullable().optional(),
      saveError: SaveFailureSchema.nullable().optional(),
      /** Older entries the history deleted to stay within its limit (`keeps`). */
      pruned: z.number().int().optional(),
      keeps: z.number().int().optional(),
    }),
    z.object({ kind: z.literal('failed'), runId: z.string(), message: z.string() }),
  ]),
  [EVENT_CHANNELS.dockerEngineState]: EngineStateSchema,
  [EVENT_CHANNELS.dockerPullProgress]: PullProgressSchema,
  [EVENT_CHANNELS.dockerPullDone]: PullDoneSchema,
  /** Which side of a comparison runs its probe now. */
  [EVENT_CHANNELS.dockerCompareProgress]: z.object({ side: z.enum(['a', 'b']), target: z.string() }),
  [EVENT_CHANNELS.watchProgress]: WatchProgressSchema,
} as const

export type InvokeContract = typeof invokeContract
export type InvokeArgs<C extends keyof InvokeContract> = z.infer<InvokeContract[C]['args']>
export type InvokeResult<C extends keyof InvokeContract> = z.infer<InvokeContract[C]['result']>
export type EventContract = typeof eventContract
export type EventPayload<C extends keyof EventContract> = z.infer<EventContract[C]>

/** `details` carries the values a front end needs to say the error in its own language (by `code`). */
export const IpcErrorSchema = z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.string()).optional() })
export type IpcError = z.infer<typeof IpcErrorSchema>

/** Errors travel as data: a thrown error over IPC keeps only its message. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: IpcError }
