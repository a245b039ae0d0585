import { z } from 'zod'

import linksJson from '../../../../resources/data/pcie-links.json'
import { MarkSchema, SourceSchema } from '../../../shared/compat-data'

const PcieLinksSchema = z.strictObject({
  schemaVersion: z.literal(1),
  dataVersion: z.string(),
  readOn: z.string(),
  title: z.string(),
  sources: z.array(SourceSchema).min(1),
  generations: z
    .array(
      z.strictObject({
        generation: z.number().int().min(1),
        transferRateGTps: z.number().positive(),
        encoding: z.string(),
        laneMBps: z.number().positive(),
        confidence: MarkSchema,
        sources: z.array(z.string()).min(1),
        notes: z.string().optional(),
      }),
    )
    .min(1),
})

const links = PcieLinksSchema.parse(linksJson)

/** A PCIe link as it runs: generation and lanes. */
export interface PcieLink {
  generation: number
  width: number
}

/**
 * What a link carries in one direction, MB/s (resources/data/pcie-links.json: rate per lane after
 * encoding, times the lanes); null for a generation the table does not hold or a link of no lanes.
 */
export function pcieCapacityMBps(link: PcieLink | null): number | null {
  if (!link || link.width <= 0) return null
  const row = links.generations.find((g) => g.generation === link.generation)
  return row ? Math.round(row.laneMBps * link.width) : null
}

/** The generation whose transfer rate this is ("32.0 GT/s" → 5), or null for a rate the table does not hold. */
export function generationOfRate(gtPerSecond: number): number | null {
  return links.generations.find((g) => Math.abs(g.transferRateGTps - gtPerSecond) < 0.05)?.generation ?? null
}
