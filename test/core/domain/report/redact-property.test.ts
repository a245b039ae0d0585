import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { buildReport } from '../../../../src/core/domain/report/build-report'
import { dataTableVersions } from '../../../../src/core/domain/report/data-versions'
import { htmlToPdf } from '../../../../src/core/domain/report/rendering/pdf'
import { redactReport } from '../../../../src/core/domain/report/rendering/redact'
import { renderReportHtml } from '../../../../src/core/domain/report/rendering/render-html'
import { localRedactionHints } from '../../../../src/core/domain/report/rendering/local-hints'
import { reportDocument } from '../../../../src/core/app/report-document'
import { type Diagnosis, DiagnosisSchema } from '../../../../src/shared/diagnosis'
import type { Report } from '../../../../src/shared/report'
import { h200Diagnosis, h200GpuState, HOST } from './fixtures'

/**
 * Plants private values (host, user, home, IPv4/IPv6, MAC, GPU UUID, serial) in every free-text
 * string of a real H200 diagnosis and checks that none survives in the redacted Markdown, HTML,
 * JSON and PDF text, and that the masked list tells the truth.
 */

type Path = (string | number)[]

/** Paths of every string in `value`. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]))
  return []
}

function edit<T>(value: T, path: Path, f: (s: string) => string): T {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  node[last] = f(node[last] as string)
  return copy as T
}

const BASE: Diagnosis = h200Diagnosis('diagnose-cudnn-shadow')
// Free-text fields: those the schema still accepts with text appended (enums and ids do not).
const FREE_TEXT = stringPaths(BASE).filter((p) => DiagnosisSchema.safeParse(edit(BASE, p, (s) => `${s} planted text`)).success)

// Names start with letters no report text has, so finding one in the output means it leaked.
const name = (prefix: string) => fc.stringMatching(/^[a-z0-9]{3,8}$/).map((s) => `${prefix}${s}`)
const byte = fc.integer({ min: 0, max: 255 })
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`))
const ipv4 = fc
  .tuple(fc.integer({ min: 1, max: 254 }), byte, byte, fc.integer({ min: 1, max: 254 }))
  .filter(([a]) => a !== 127)
  .map((t) => t.join('.'))
const ipv6 = fc
  .tuple(fc.stringMatching(/^[1-9a-f][0-9a-f]{2}[1-9]$/), fc.array(fc.stringMatching(/^[1-9a-f][0-9a-f]{0,3}$/), { minLength: 2, maxLength: 6 }), fc.boolean())
  .map(([first, rest, compress]) => (compress ? `${first}::${rest.join(':')}` : [first, ...rest, ...Array(7 - rest.length).fill('1')].join(':')))
const mac = fc.tuple(fc.array(hex(2), { minLength: 6, maxLength: 6 }), fc.constantFrom(':', '-')).map(([parts, sep]) => parts.join(sep))
const serial = fc.stringMatching(/^1[0-9]{12}$/)

const planted = fc.record({
  host: fc.tuple(name('qh'), fc.integer({ min: 1, max: 99 })).map(([h, n]) => `${h}-node-${n}`),
  user: name('qu'),
  home: name('qd').map((d) => `/srv/${d}`),
  ipv4,
  ipv6,
  mac,
  uuid: fc.uuid(),
  serial,
})
interface Planted {
  host: string
  user: string
  home: string
  ipv4: string
  ipv6: string
  mac: string
  uuid: string
  serial: string
}

// How a value sits in text: each starts after a non-alphanumeric, as values do in logs and paths.
const namePlace = fc.constantFrom((v: string) => `${v}-secret_data`, (v: string) => `${v}_runs`, (v: string) => `/scratch/${v}/x`, (v: string) => `(${v})`, (v: string) => `${v}.`, (v: string) => v)
const addressPlace = fc.constantFrom((v: string) => `env: ${v}`, (v: string) => `srv=${v}`, (v: string) => `dev ${v} up`, (v: string) => `/net/${v}/lib/libcudnn.so.9`, (v: string) => `via ${v}.`, (v: string) => `[${v}]`)
const macPlace = fc.constantFrom((v: string) => `link/ether ${v} brd`, (v: string) => `HWaddr ${v}`, (v: string) => `(${v})`)
const uuidPlace = fc.constantFrom((v: string) => `GPU-${v}`, (v: string) => `MIG-${v}`, (v: string) => `uuid=${v}`, (v: string) => `job-${v}_x`)
const serialPlace = fc.constantFrom((v: string) => `Serial Number : ${v}`, (v: string) => `serial=${v}`, (v: string) => `<serial>${v}</serial>`, (v: string) => `"serial": "${v}"`)
type Place = (v: string) => string
const places = fc.record({ name: namePlace, address: addressPlace, mac: macPlace, uuid: uuidPlace, serial: serialPlace })

function plant(values: Planted, where: { name: Place; address: Place; mac: Place; uuid: Place; serial: Place }[]): Diagnosis {
  let d = BASE
  FREE_TEXT.forEach((path, i) => {
    const at = where[i % where.length]!
    const text = [
      at.name(values.host),
      at.name(values.user),
      `${values.home}/venv/bin/python`,
      at.address(values.ipv4),
      at.address(values.ipv6),
      at.mac(values.mac),
      at.uuid(values.uuid),
      at.serial(values.serial),
    ].join(' ')
    d = edit(d, path, (s) => `${s} ${text}`)
  })
  return d
}

function reportOf(diagnosis: Diagnosis): Report {
  return buildReport({ diagnosis, diagnosisSource: 'file', gpu: h200GpuState(), host: HOST, dataTables: dataTableVersions(), generatedAt: new Date(Date.UTC(2026, 10, 21)) })
}

const envOf = (v: Planted): NodeJS.ProcessEnv => ({ HOSTNAME: v.host, USER: v.user, HOME: v.home })
const secretsOf = (v: Planted) => [v.host, v.user, v.home, v.ipv4, v.ipv6, v.mac, v.uuid, v.serial]
const leaks = (output: string, v: Planted) => secretsOf(v).filter((s) => output.toLowerCase().includes(s.toLowerCase()))

describe('redaction, property-based (planted values in every free-text field of a real diagnosis)', () => {
  it('plants in many fields', () => {
    // A sanity floor so that a schema change cannot silently reduce the test to nothing.
    expect(FREE_TEXT.length).toBeGreaterThan(40)
  })

  it('leaves none of them in Markdown, HTML or --redact JSON, in English and Chinese, and counts truthfully', () => {
    fc.assert(
      fc.property(planted, fc.array(places, { minLength: 1, maxLength: 8 }), fc.constantFrom('en' as const, 'zh-CN' as const), (values, where, lang) => {
        const report = reportOf(plant(values, where))
        const env = envOf(values)
        let masked: ReturnType<typeof reportDocument>['masked'] = []
        for (const format of ['md', 'html', 'json'] as const) {
          const doc = reportDocument(report, { format, lang, redact: true, env })
          expect(leaks(doc.text, values), format).toEqual([])
          masked = doc.masked
        }
        // Truthful: every planted kind is listed, each listed value was in the report, and each mask
        // occurs in the redacted report exactly as often as counted.
        expect(new Set(masked.map((m) => m.kind))).toEqual(new Set(['host', 'user', 'home', 'ipv4', 'ipv6', 'mac', 'uuid', 'serial']))
        const raw = JSON.stringify(report).toLowerCase()
        for (const m of masked) expect(raw, m.original).toContain(m.original.toLowerCase())
        const redacted = JSON.stringify(redactReport(report, localRedactionHints(env)).report)
        for (const m of masked) expect(redacted.split(m.mask).length - 1, m.mask).toBe(m.count)
      }),
      { numRuns: 40 },
    )
  }, 120_000)

  it('leaves none of them in the PDF text (Chromium prints the redacted HTML; pdftotext reads it)', async () => {
    const [values] = fc.sample(planted, { numRuns: 1, seed: 17 })
    const [where] = fc.sample(fc.array(places, { minLength: 6, maxLength: 6 }), { numRuns: 1, seed: 17 })
    const { report } = redactReport(reportOf(plant(values!, where!)), localRedactionHints(envOf(values!)))
    const dir = mkdtempSync(join(tmpdir(), 'gd-redact-pdf-'))
    try {
      await htmlToPdf(renderReportHtml(report, 'en'), join(dir, 'r.pdf'))
      execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'r.pdf'), join(dir, 'r.txt')])
      const text = readFileSync(join(dir, 'r.txt'), 'utf8')
      expect(text).toContain('<host-1>')
      // Lines wrap in a PDF: compare without white space as well.
      expect(leaks(text, values!)).toEqual([])
      expect(leaks(text.replace(/\s+/g, ''), values!)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
