import { z } from 'zod'

import { ReportSchema } from '../../../shared/report'

/** The JSON Schema (draft 2020-12) of `gpu-doctor report --format json`, as resources/report.schema.json publishes it. */
export function reportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ReportSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>
}
