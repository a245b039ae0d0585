import { z } from 'zod'

import expectedJson from '../../../../resources/data/gpu-expected-performance.json'
import { MarkSchema, SourceSchema } from '../../../shared/compat-data'

// resources/data/gpu-expected-performance.json: what steps 4 and 5 should measure on each GPU model.

const ms = z.number().positive()
const MeasuredSchema = z.strictObject({
  matmulTflops: z.number().positive(),
  matmulSpreadPercent: z.number().min(0),
  conv: z.strictObject({ seedOnMs: ms, seedOffMs: ms, representativeOnMs: ms, representativeOffMs: ms }),
  convSpreadPercent: z.number().min(0),
  confidence: MarkSchema,
  sources: z.array(z.string()).min(1),
})

const ModelSchema = z.strictObject({
  model: z.string().min(1),
  patterns: z.array(z.string().min(1)).min(1),
  measured: MeasuredSchema.optional(),
  datasheetDenseBf16: z.strictObject({ tflops: z.number().positive(), confidence: MarkSchema, sources: z.array(z.string()).min(1) }),
  /** The datasheet's memory bandwidth, GB/s (10^9 bytes/s): what a device-to-device copy (bytes read plus written) is compared with. */
  datasheetMemoryGBps: z.strictObject({ GBps: z.number().positive(), confidence: MarkSchema, sources: z.array(z.string()).min(1) }).optional(),
})

const LinksSchema = z.strictObject({
  note: z.string(),
  minFractionOfLink: z.number().gt(0).lt(1),
  nvlinkPerLink: z.array(z.strictObject({ cc: z.string().regex(/^\d+\.\d$/), generation: z.number().int(), GBps: z.number().positive(), confidence: MarkSchema, sources: z.array(z.string()).min(1) })),
  pciePerLaneGBps: z.strictObject({ confidence: MarkSchema, sources: z.array(z.string()).min(1), byGeneration: z.record(z.string().regex(/^\d$/), z.number().positive()) }),
})
export type ExpectedLinks = z.infer<typeof LinksSchema>

export const ExpectedPerformanceSchema = z.strictObject({
  schemaVersion: z.literal(1),
  dataVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}\.\d+$/),
  readOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  title: z.string(),
  marginPercent: z.number().min(0).max(50),
  minFractionOfDatasheet: z.number().gt(0).lt(1),
  /** Below this fraction of the datasheet's memory bandwidth a device-to-device copy is warned about. */
  minFractionOfMemoryDatasheet: z.number().gt(0).lt(1),
  sources: z.array(SourceSchema).min(1),
  models: z.array(ModelSchema).min(1),
  links: LinksSchema,
})
export type ExpectedPerformance = z.infer<typeof ExpectedPerformanceSchema>
export type ExpectedModel = z.infer<typeof ModelSchema>

export const EXPECTED_PERFORMANCE_FILE = 'gpu-expected-performance.json'

/** Schema problems, then the table against itself: sources that exist, patterns that compile, measured below the datasheet. */
export function checkExpectedPerformance(raw: unknown): string[] {
  const parsed = ExpectedPerformanceSchema.safeParse(raw)
  if (!parsed.success) return parsed.error.issues.map((i) => `${EXPECTED_PERFORMANCE_FILE}: ${i.path.join('.') || '(root)'}: ${i.message}`)
  const table = parsed.data
  const problems: string[] = []
  const ids = new Set(table.sources.map((s) => s.id))
  const used = new Set<string>()
  const where = (m: ExpectedModel) => `${EXPECTED_PERFORMANCE_FILE}: ${m.model}`
  for (const m of table.models) {
    for (const p of m.patterns) {
      try {
        new RegExp(p, 'i')
      } catch {
        problems.push(`${where(m)}: pattern ${p} is not a regular expression`)
      }
    }
    for (const s of [...(m.measured?.sources ?? []), ...m.datasheetDenseBf16.sources, ...(m.datasheetMemoryGBps?.sources ?? [])]) {
      used.add(s)
      if (!ids.has(s)) problems.push(`${where(m)}: source ${s} is not in sources`)
    }
    if (m.measured && m.measured.matmulTflops >= m.datasheetDenseBf16.tflops)
      problems.push(`${where(m)}: measured ${m.measured.matmulTflops} TFLOP/s is not below the datasheet's ${m.datasheetDenseBf16.tflops}`)
    if (m.measured && m.measured.conv.representativeOffMs <= m.measured.conv.representativeOnMs)
      problems.push(`${where(m)}: cuDNN off should be slower than on in the representative case`)
  }
  for (const s of [...table.links.nvlinkPerLink.flatMap((l) => l.sources), ...table.links.pciePerLaneGBps.sources]) {
    used.add(s)
    if (!ids.has(s)) problems.push(`${EXPECTED_PERFORMANCE_FILE}: links: source ${s} is not in sources`)
  }
  const lanes = Object.entries(table.links.pciePerLaneGBps.byGeneration).sort(([a], [b]) => Number(a) - Number(b))
  for (let i = 1; i < lanes.length; i++)
    if (lanes[i]![1] <= lanes[i - 1]![1]) problems.push(`${EXPECTED_PERFORMANCE_FILE}: links: PCIe Gen${lanes[i]![0]} is not faster per lane than Gen${lanes[i - 1]![0]}`)
  for (const s of table.sources) if (!used.has(s.id)) problems.push(`${EXPECTED_PERFORMANCE_FILE}: source ${s.id} is cited by no row`)
  const names = table.models.map((m) => m.model)
  for (const n of names.filter((n, i) => names.indexOf(n) !== i)) problems.push(`${EXPECTED_PERFORMANCE_FILE}: model ${n} twice`)
  return problems
}

let bundled: ExpectedPerformance | null = null

/** The bundled table, validated once; a broken table is a build bug and throws. */
export function expectedPerformance(): ExpectedPerformance {
  if (bundled) return bundled
  const problems = checkExpectedPerformance(expectedJson)
  if (problems.length) throw new Error(`GPU Doctor's expected-performance data is invalid: ${problems.slice(0, 3).join('; ')}`)
  bundled = ExpectedPerformanceSchema.parse(expectedJson)
  return bundled
}

/** The row for a GPU name as torch or nvidia-smi prints it; null: a model the table does not know. */
export function expectedFor(gpuName: string, table: ExpectedPerformance = expectedPerformance()): ExpectedModel | null {
  const name = gpuName.trim().replace(/^NVIDIA\s+/i, '').replace(/\.\.\.$/, '')
  return table.models.find((m) => m.patterns.some((p) => new RegExp(p, 'i').test(name))) ?? null
}
