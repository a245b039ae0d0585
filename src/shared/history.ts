import { z } from 'zod'

import { StepIdSchema, StepStatusSchema } from './diagnosis'
import { RUN_OPTIONS } from './run-options'

/** A saved diagnosis's id: its file name without `.json`; never a path. */
export const HistoryIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'not a history id')

/** One saved diagnosis, as the history list shows it. */
export const HistoryEntrySchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  steps: z.array(z.object({ id: StepIdSchema, status: StepStatusSchema })),
  /** The interpreter (or container image) the diagnosis ran with. */
  python: z.string().nullable(),
  image: z.string().nullable(),
  torch: z.string().nullable(),
  driverVersion: z.string().nullable(),
  cudnn: z.string().nullable(),
  gpuModels: z.array(z.string()),
  /** Options the run was made with (entries listed before this field: none). */
  options: z.array(z.enum(RUN_OPTIONS)).optional(),
})
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>

/** Why a saved diagnosis cannot be read: emptied, cut short (full disk, a kill mid-copy), not JSON, or not a diagnosis. */
export const HistoryDamageSchema = z.enum(['empty', 'cut-short', 'not-json', 'wrong-schema', 'unreadable'])
export type HistoryDamage = z.infer<typeof HistoryDamageSchema>

/** A history file that could not be read, named by its id, with the schema's or the system's words where there are any. */
export const UnreadableEntrySchema = z.object({ id: z.string(), damage: HistoryDamageSchema, detail: z.string().nullable() })
export type UnreadableEntry = z.infer<typeof UnreadableEntrySchema>

/** The history as listed: readable entries newest first, up to `shown`; damaged ones apart (they do not count toward it). */
export const HistoryListingSchema = z.object({
  entries: z.array(HistoryEntrySchema),
  unreadable: z.array(UnreadableEntrySchema),
  /** How many diagnoses the history keeps before it deletes the oldest (setting `historyLimit`). */
  keeps: z.number().int(),
})
export type HistoryListing = z.infer<typeof HistoryListingSchema>

/** Why a finished diagnosis was not saved; the diagnosis itself is still shown. */
export const SaveFailureReasonSchema = z.enum(['not-writable', 'no-space', 'cannot-create-folder', 'timeout', 'other'])
export type SaveFailureReason = z.infer<typeof SaveFailureReasonSchema>
export const SaveFailureSchema = z.object({ reason: SaveFailureReasonSchema, path: z.string(), message: z.string() })
export type SaveFailure = z.infer<typeof SaveFailureSchema>

/** Fields of a comparison; labels are translated by the front end (report namespace `fact.<field>`). */
export const COMPARED_FIELDS = [
  'driverVersion',
  'driverCuda',
  'torch',
  'torchCuda',
  'cudnn',
  'nccl',
  'python',
  'pythonVersion',
  'image',
  'gpuModels',
  'runOptions',
] as const
export const ComparedFieldSchema = z.enum(COMPARED_FIELDS)
export type ComparedField = z.infer<typeof ComparedFieldSchema>

const side = z.object({ id: z.string().nullable(), label: z.string(), startedAt: z.string().nullable() })

/** Two diagnoses side by side: what changed, step verdicts, and timings with their ratio b / a. */
export const ComparisonSchema = z.object({
  a: side,
  b: side,
  changes: z.array(z.object({ field: ComparedFieldSchema, a: z.string().nullable(), b: z.string().nullable(), changed: z.boolean() })),
  steps: z.array(z.object({ id: StepIdSchema, a: StepStatusSchema.nullable(), b: StepStatusSchema.nullable(), changed: z.boolean() })),
  timings: z.array(
    z.object({
      /** e.g. `conv.representative.onMs`, `sm.gpu0.tflops`, `step.conv-timing.durationMs`. */
      metric: z.string(),
      unit: z.enum(['ms', 's', 'TFLOP/s', '%', '×']),
      /** True when a larger value is better (TFLOP/s, speed-ups), so a ratio below 1 is a regression. */
      higherIsBetter: z.boolean(),
      a: z.number().nullable(),
      b: z.number().nullable(),
      ratio: z.number().nullable(),
    }),
  ),
})
export type Comparison = z.infer<typeof ComparisonSchema>
