import { z } from 'zod'

import { StepIdSchema } from './diagnosis'

export { FLEET_MAX_BYTES, FLEET_MAX_REPORTS } from './constants'

/** Facts a fleet table lines up per node; labels come from the report namespace (`fact.<field>`). */
export const FLEET_FIELDS = ['driverVersion', 'driverCuda', 'torch', 'torchCuda', 'cudnn', 'nccl', 'gpuModels', 'gpuCount', 'failingSteps'] as const
export const FleetFieldSchema = z.enum(FLEET_FIELDS)
export type FleetField = z.infer<typeof FleetFieldSchema>

/** Why an input was not merged; front ends and reports say it in their language (`detail`: the schema's words). */
export const FLEET_REJECT_CODES = ['too-large', 'not-json', 'not-report', 'invalid-report', 'invalid-diagnosis'] as const
export const FleetRejectCodeSchema = z.enum(FLEET_REJECT_CODES)
export type FleetRejectCode = z.infer<typeof FleetRejectCodeSchema>

/** Reports from several machines in one table, with what differs across nodes flagged. */
export const FleetTableSchema = z.object({
  nodes: z.array(
    z.object({
      name: z.string(),
      generatedAt: z.string().nullable(),
      failingSteps: z.array(StepIdSchema),
    }),
  ),
  rows: z.array(
    z.object({
      /** A FleetField, or `step.<id>` for a step's verdict. */
      field: z.string(),
      values: z.array(z.string().nullable()),
      differs: z.boolean(),
    }),
  ),
  /** Fields whose values differ across nodes, most serious first. */
  differing: z.array(z.string()),
  /** Inputs that could not be read, by position; `reason` is the English text of `code` (+ `detail`). */
  rejected: z.array(z.object({ index: z.number().int(), name: z.string(), code: FleetRejectCodeSchema, detail: z.string().nullable(), reason: z.string() })),
})
export type FleetTable = z.infer<typeof FleetTableSchema>
