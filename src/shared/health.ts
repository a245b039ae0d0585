import { z } from 'zod'

import { FindingSchema } from './diagnosis'

const num = z.number().nullable()
const bool = z.boolean().nullable()

/** What `nvidia-smi -q` says about one GPU's hardware state; null where this driver does not say. */
export const GpuHealthFactsSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  busId: z.string().nullable(),
  /** Absent in reports written before GPU Doctor read it. */
  uuid: z.string().optional(),
  utilizationGpu: num,
  pcie: z.object({ genCurrent: num, genMax: num, widthCurrent: num, widthMax: num }),
  ecc: z.object({
    enabled: bool,
    /** Uncorrectable errors since the driver loaded (DRAM, SRAM parity and SECDED, double bit). */
    volatileUncorrectable: num,
    /** Uncorrectable DRAM errors over the GPU's life. */
    aggregateUncorrectable: num,
  }),
  retiredPagesPending: bool,
  remappedRows: z.object({ uncorrectable: num, pending: bool, failure: bool }),
  recoveryAction: z.string().nullable(),
  persistenceMode: bool,
  power: z.object({ limitW: num, defaultLimitW: num }),
  appClocks: z.object({ graphicsMHz: num, defaultGraphicsMHz: num, reasonActive: bool }),
  migEnabled: bool,
  /** NVSwitch systems only: the fabric manager's state and status. */
  fabric: z.object({ state: z.string().nullable(), status: z.string().nullable() }),
})
export type GpuHealthFacts = z.infer<typeof GpuHealthFactsSchema>

/** Whether Xid events could be read, from where and how many, or why not. */
export const KernelLogStateSchema = z.discriminatedUnion('readable', [
  z.object({ readable: z.literal(true), source: z.string(), xidCount: z.number().int() }),
  z.object({ readable: z.literal(false), reason: z.string() }),
])
export type KernelLogState = z.infer<typeof KernelLogStateSchema>

/** Whether the report was read while GPU Doctor's own load ran, with which Python, or why it did not run. */
export const HealthLoadSchema = z.object({ applied: z.boolean(), python: z.string(), detail: z.string() })
export type HealthLoad = z.infer<typeof HealthLoadSchema>

/**
 * The hardware preflight (`gpu-doctor health`, `health:check`, a report's "Hardware health"): each
 * GPU's link, memory errors and settings, the kernel log's Xid events, and the findings with fixes.
 */
export const HealthResultSchema = z.object({
  /** Read live from nvidia-smi, or from a saved `nvidia-smi -q` / `-q -x`. */
  source: z.enum(['live', 'file']),
  driverVersion: z.string().nullable(),
  gpus: z.array(GpuHealthFactsSchema),
  kernelLog: KernelLogStateSchema,
  /** Worst first. */
  findings: z.array(FindingSchema),
  /** Absent: read as the GPU was (idle or under someone else's load); its utilisation column says which. */
  load: HealthLoadSchema.optional(),
})
export type HealthResult = z.infer<typeof HealthResultSchema>
