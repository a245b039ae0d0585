import { z } from 'zod'

import { DiagnosisSchema, FindingSchema, StepIdSchema } from './diagnosis'
import { GpuStateSchema } from './gpu'
import { HealthResultSchema } from './health'
import { HostFactsSchema } from './host'
import { LANGUAGES } from './i18n/languages'
import { RecommendResultSchema } from './recommend'

/** Formats a report renders to as text; PDF is printed from the HTML by the front end. */
export const ReportFormatSchema = z.enum(['md', 'html', 'json'])
export type ReportFormat = z.infer<typeof ReportFormatSchema>

export const ReportLangSchema = z.enum(LANGUAGES)
export type ReportLang = z.infer<typeof ReportLangSchema>

export const MaskKindSchema = z.enum(['host', 'user', 'home', 'uuid', 'serial', 'ipv4', 'ipv6', 'mac'])
export type MaskKind = z.infer<typeof MaskKindSchema>

/** One value redaction replaced, for the preview shown before a report is saved. */
export const MaskedValueSchema = z.object({
  kind: MaskKindSchema,
  original: z.string(),
  mask: z.string(),
  /** How many times it occurred in the report. */
  count: z.number().int(),
})
export type MaskedValue = z.infer<typeof MaskedValueSchema>

const stat = z.object({ min: z.number(), mean: z.number(), max: z.number() }).nullable()

/** The live monitor's recent samples, per GPU. */
export const MonitorSummarySchema = z.object({
  /** Milliseconds since the epoch of the first and last sample. */
  from: z.number(),
  to: z.number(),
  samples: z.number().int(),
  gpus: z.array(
    z.object({
      index: z.number().int(),
      utilizationGpu: stat,
      memoryUsedMiB: stat,
      temperatureC: stat,
      powerW: stat,
      smClockMHz: stat,
    }),
  ),
})
export type MonitorSummary = z.infer<typeof MonitorSummarySchema>

/**
 * What the machine making a report read when it made it, for a report of an earlier run (a saved
 * file, the history, the app): not recorded by that run, and maybe not even on its machine.
 */
export const ReadNowSchema = z.object({
  /** When it was read (the report's generatedAt). */
  at: z.string(),
  host: HostFactsSchema.nullable(),
  gpu: GpuStateSchema.nullable(),
  /** The hardware preflight read with the GPU facts; null when nvidia-smi could not be read. */
  health: HealthResultSchema.nullable(),
  monitor: MonitorSummarySchema.nullable(),
})
export type ReadNow = z.infer<typeof ReadNowSchema>

/** The facts compared across runs and nodes, flattened from the diagnosis, nvidia-smi and the host. */
export const ReportFactsSchema = z.object({
  hostname: z.string().nullable(),
  os: z.string().nullable(),
  kernel: z.string().nullable(),
  driverVersion: z.string().nullable(),
  /** The highest CUDA the driver supports. */
  driverCuda: z.string().nullable(),
  torch: z.string().nullable(),
  /** The CUDA version torch was built with. */
  torchCuda: z.string().nullable(),
  cudnn: z.string().nullable(),
  nccl: z.string().nullable(),
  python: z.string().nullable(),
  pythonVersion: z.string().nullable(),
  /** Container image the diagnosis ran in, when known. */
  image: z.string().nullable(),
  gpuModels: z.array(z.string()),
  gpuCount: z.number().int(),
})
export type ReportFacts = z.infer<typeof ReportFactsSchema>

export const ReportFindingSchema = FindingSchema.extend({ step: StepIdSchema.nullable() })
export type ReportFinding = z.infer<typeof ReportFindingSchema>

export const DataTableVersionSchema = z.object({ name: z.string(), dataVersion: z.string().nullable() })
export type DataTableVersion = z.infer<typeof DataTableVersionSchema>

/**
 * Everything one report shows, independent of its language: `gpu-doctor report --format json`
 * writes it; Markdown, HTML and PDF render it. Published as resources/report.schema.json.
 */
export const ReportSchema = z
  .object({
    kind: z.literal('gpu-doctor-report'),
    reportVersion: z.literal(1),
    generatedAt: z.string(),
    /** True when hostnames, user names, home paths, UUIDs, serials and addresses were masked. */
    redacted: z.boolean(),
    gpuDoctorVersion: z.string(),
    dataTables: z.array(DataTableVersionSchema),
    /** For a report of an earlier run, only what that run recorded. */
    facts: ReportFactsSchema,
    /**
     * host, gpu, health and monitor belong with the diagnosis: read by the run made for this report
     * (diagnosisSource 'run'), or when the report was made if it has no diagnosis. For a report of an
     * earlier run they are null, and what was read when the report was made is under readNow.
     */
    host: HostFactsSchema.nullable(),
    gpu: GpuStateSchema.nullable(),
    /**
     * The hardware preflight (`gpu-doctor health`) read with the GPU facts; null when nvidia-smi
     * could not be read. Absent in reports made before it existed.
     */
    health: HealthResultSchema.nullable().optional(),
    diagnosis: DiagnosisSchema.nullable(),
    /** Where the diagnosis came from: run for this report, a saved file, history, or the app. */
    diagnosisSource: z.enum(['run', 'file', 'history', 'app']).nullable(),
    findings: z.array(ReportFindingSchema),
    /** What `gpu-doctor recommend --json` says for these GPUs and this driver (for an earlier run: the GPUs and driver it recorded). */
    recommendation: RecommendResultSchema.nullable(),
    /** Why there is no recommendation, when there is none. */
    recommendationNote: z.string().nullable(),
    monitor: MonitorSummarySchema.nullable(),
    /**
     * A report of an earlier run: what the machine making the report read then (labelled "read now,
     * on this machine"), kept apart from what the run recorded. Null otherwise; absent in reports
     * made before it existed (those are read as if their top-level facts were read now).
     */
    readNow: ReadNowSchema.nullable().optional(),
  })
  .meta({
    $id: 'urn:gpu-doctor:report:1',
    title: 'GPU Doctor report',
    description: 'A GPU Doctor diagnostic report (gpu-doctor report --format json).',
  })
export type Report = z.infer<typeof ReportSchema>

/** What `report:render` answers: the document and what redaction masked in it. */
export const RenderedReportSchema = z.object({ text: z.string(), masked: z.array(MaskedValueSchema) })
export type RenderedReport = z.infer<typeof RenderedReportSchema>

/** What `report:pdf` answers: the HTML report printed by headless Chromium, as base64 (JSON carries no bytes). */
export const RenderedPdfSchema = z.object({ base64: z.string(), bytes: z.number().int(), masked: z.array(MaskedValueSchema) })
export type RenderedPdf = z.infer<typeof RenderedPdfSchema>
