import { z } from 'zod'

import { STEP_IDS } from './constants'
import { ConvEvidenceSchema, CudnnEvidenceSchema, EnvironmentSchema, GpuVisibleEvidenceSchema, LinkageEvidenceSchema, LinksEvidenceSchema, SmEvidenceSchema } from './evidence'
import { MessageParamsSchema } from './message'

export { STEP_IDS }
export const StepIdSchema = z.enum(STEP_IDS)
export type StepId = z.infer<typeof StepIdSchema>

export const SeveritySchema = z.enum(['error', 'warning', 'info'])
export type Severity = z.infer<typeof SeveritySchema>

/**
 * One thing the rules recognised: a finding id of the catalogue (FindingId, src/shared/i18n/findings,
 * the only ids makeFinding takes) and the `params` that fill its texts. Every front end shows it through
 * renderFinding (src/shared/i18n/render-finding.ts) in its reader's language; `message` and `fix` are
 * that function's English, kept for the JSON and for saved files. `id` is a plain string here: a file
 * from another version may carry an id this one does not know (renderFinding then shows its saved texts).
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

const stepFields = {
  status: StepStatusSchema,
  summary: z.string(),
  /** i18n key (namespace 'summaries') and params of `summary`, which is its English text. */
  summaryKey: z.string().nullable(),
  summaryParams: MessageParamsSchema,
  findings: z.array(FindingSchema),
  durationMs: z.number(),
}
const stepWith = <I extends StepId, E extends z.ZodType>(id: I, evidence: E) => z.object({ id: z.literal(id), ...stepFields, evidence })

/** One step's verdict; `evidence` has the schema of its step (src/shared/evidence.ts). */
export const StepResultSchema = z.discriminatedUnion('id', [
  stepWith('gpu-visible', GpuVisibleEvidenceSchema),
  stepWith('cudnn-loaded', CudnnEvidenceSchema),
  stepWith('ldd-linkage', LinkageEvidenceSchema),
  stepWith('sm-utilisation', SmEvidenceSchema),
  stepWith('conv-timing', ConvEvidenceSchema),
  stepWith('gpu-links', LinksEvidenceSchema),
])
export type StepResult = z.infer<typeof StepResultSchema>
export type StepResultOf<I extends StepId> = Extract<StepResult, { id: I }>
export type EvidenceOf<I extends StepId> = StepResultOf<I>['evidence']

export const DiagnosisSchema = z.object({
  schemaVersion: z.literal(1),
  startedAt: z.string(),
  finishedAt: z.string(),
  environment: EnvironmentSchema,
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
  /** When this run started (ISO): another window that sees its events says how long ago. */
  runStartedAt: z.string().optional(),
  /**
   * While waiting for another diagnosis (stage waiting-for-other-diagnosis): who holds the lock.
   * `sameProcess`: this app or server started it (another window); otherwise another program on this machine.
   */
  holder: z.object({ pid: z.number(), host: z.string(), since: z.string(), sameProcess: z.boolean() }).optional(),
})
export type DiagnosisProgress = z.infer<typeof DiagnosisProgressSchema>

/** The result of step `id`, typed with that step's evidence; undefined when the step was not run. */
export function findStep<I extends StepId>(steps: readonly StepResult[], id: I): StepResultOf<I> | undefined {
  return steps.find((s): s is StepResultOf<I> => s.id === id)
}
