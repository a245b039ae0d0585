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

/** Why a node of a scheduler run has no report: the scheduler keeps it out, or its task did not give one. */
export const NODE_STATES = ['ok', 'drained', 'down', 'not-responding', 'failed', 'timed-out', 'too-much-output'] as const
export const NodeStateSchema = z.enum(NODE_STATES)
export type NodeState = z.infer<typeof NodeStateSchema>

/** Why a node is worth looking at first, most serious first. */
export const LookFirstReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('state'), state: NodeStateSchema, detail: z.string().nullable() }),
  /** Its value of `field` is not what most nodes have (`others`, on `count` nodes); `split`: no value is shared by most nodes. */
  z.object({ kind: z.literal('drift'), field: z.string(), value: z.string().nullable(), others: z.string().nullable(), count: z.number().int(), split: z.boolean() }),
  z.object({ kind: z.literal('failing'), steps: z.array(StepIdSchema) }),
  /** The report's hardware health check found errors (finding ids, e.g. pcie-link-degraded, gpu-fallen-off-bus). */
  z.object({ kind: z.literal('health'), findings: z.array(z.string()) }),
  /** Slower than the median of the other nodes in step 4 (TFLOP/s, lower is worse) or step 5 (conv ms, higher is worse). */
  z.object({ kind: z.literal('slow'), metric: z.enum(['tflops', 'convMs']), value: z.number(), median: z.number() }),
])
export type LookFirstReason = z.infer<typeof LookFirstReasonSchema>

/** Reports from several machines in one table, with what differs across nodes flagged. */
export const FleetTableSchema = z.object({
  nodes: z.array(
    z.object({
      name: z.string(),
      generatedAt: z.string().nullable(),
      failingSteps: z.array(StepIdSchema),
      /** Absent: a report was read. Else why this node has none (a scheduler run: drained, failed, timed out). */
      state: NodeStateSchema.optional(),
      /** What the scheduler or the node said, verbatim (a drain reason, the last error line). */
      detail: z.string().nullable().optional(),
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
  /** Nodes to look at first, worst first, each with its reasons. */
  lookFirst: z.array(z.object({ node: z.string(), reasons: z.array(LookFirstReasonSchema) })).optional(),
})
export type FleetTable = z.infer<typeof FleetTableSchema>
