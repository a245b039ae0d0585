import { z } from 'zod'

import { MessageParamsSchema } from './message'

export const STEP_IDS = ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'] as const
export const StepIdSchema = z.enum(STEP_IDS)
export type StepId = z.infer<typeof StepIdSchema>

export const SeveritySchema = z.enum(['error', 'warning', 'info'])
export type Severity = z.infer<typeof SeveritySchema>

/**
 * One thing the rules recognised. `id` is a failure-mode id from failure-modes.md where one fits;
 * `params` fill the translated text (i18n keys `<id>.message` / `<id>.fix` in namespace 'findings').
 */
export const FindingSchema = z.object({
  id: z.string(),
  severity: SeveritySchema,
  message: z.string(),
  fix: z.string(),
  evidence: z.string().nullable(),
  params: MessageParamsSchema,
})
export type Finding = z.infer<typeof FindingSchema>

export const StepStatusSchema = z.enum(['pass', 'warn', 'fail', 'skip'])
export type StepStatus = z.infer<typeof StepStatusSchema>

export const StepResultSchema = z.object({
  id: StepIdSchema,
  status: StepStatusSchema,
  summary: z.string(),
  /** i18n key (namespace 'summaries') and params of `summary`, which is its English text. */
  summaryKey: z.string().nullable(),
  summaryParams: MessageParamsSchema,
  /** Step-specific evidence (see src/core/diagnosis/steps/*); plain JSON. */
  evidence: z.record(z.string(), z.unknown()),
  findings: z.array(FindingSchema),
  durationMs: z.number(),
})
export type StepResult = z.infer<typeof StepResultSchema>

export const DiagnosisSchema = z.object({
  schemaVersion: z.literal(1),
  startedAt: z.string(),
  finishedAt: z.string(),
  environment: z.record(z.string(), z.unknown()),
  steps: z.array(StepResultSchema),
})
export type Diagnosis = z.infer<typeof DiagnosisSchema>

export const DiagnosisProgressSchema = z.object({
  runId: z.string(),
  stage: z.string(),
  step: StepIdSchema.nullable(),
  message: z.string(),
  /** Samples of SM% and the like while step 4 runs, for a live chart. */
  sample: z.object({ time: z.number(), gpu: z.number(), sm: z.number().nullable() }).nullable(),
})
export type DiagnosisProgress = z.infer<typeof DiagnosisProgressSchema>
