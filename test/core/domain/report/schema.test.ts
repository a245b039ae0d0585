import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import Ajv2020 from 'ajv/dist/2020'
import { describe, expect, it } from 'vitest'

import { reportJsonSchema } from '../../../../src/core/domain/report/json-schema'
import { redactReport } from '../../../../src/core/domain/report/rendering/redact'
import { renderReport } from '../../../../src/core/domain/report/rendering/render'
import { h200Report } from './fixtures'

const SCHEMA_FILE = fileURLToPath(new URL('../../../../resources/report.schema.json', import.meta.url))
const published = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true })
  return ajv.compile(published)
}

describe('JSON report and its published schema', () => {
  it('publishes a draft 2020-12 schema that ajv compiles', () => {
    expect(published.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(published.title).toBe('GPU Doctor report')
    expect(() => validator()).not.toThrow()
  })

  it('is the schema the code produces (regenerate resources/report.schema.json when the report changes)', () => {
    // To regenerate: node scripts/build-report-schema.mjs
    expect(published).toEqual(reportJsonSchema())
  })

  it.each(['diagnose', 'diagnose-cudnn-shadow', 'diagnose-cvd-empty', 'diagnose-disable-cudnn'] as const)('validates the JSON report of the real H200 %s', (name) => {
    const validate = validator()
    const json: unknown = JSON.parse(renderReport(h200Report(name, { monitor: true }), 'json', 'en'))
    expect(validate(json), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
  })

  it('validates a redacted report and one without a diagnosis or GPU, and rejects a broken one', () => {
    const validate = validator()
    const { report } = redactReport(h200Report('diagnose'))
    expect(validate(JSON.parse(renderReport(report, 'json', 'en')))).toBe(true)
    const bare = { ...h200Report('diagnose'), diagnosis: null, diagnosisSource: null, gpu: null, findings: [], recommendation: null, recommendationNote: 'no-gpu' }
    expect(validate(JSON.parse(JSON.stringify(bare)))).toBe(true)
    const broken = JSON.parse(renderReport(h200Report('diagnose'), 'json', 'en')) as { diagnosis: { steps: Array<{ status: string }> } }
    broken.diagnosis.steps[0]!.status = 'maybe'
    expect(validate(broken)).toBe(false)
    expect(validate({ ...bare, kind: 'something-else' })).toBe(false)
  })
})
