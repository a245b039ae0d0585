/**
 * Prometheus' text exposition format (version 0.0.4), as node_exporter's textfile collector and
 * any scraper read it: one HELP and TYPE line per family, then its samples.
 * https://prometheus.io/docs/instrumenting/exposition_formats/
 */

export type Labels = Record<string, string>

export interface Sample {
  labels: Labels
  value: number
}

export interface MetricFamily {
  name: string
  help: string
  type: 'gauge' | 'counter' | 'untyped'
  samples: Sample[]
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/

const escapeHelp = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
const escapeLabel = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')

function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN'
  if (v === Infinity) return '+Inf'
  if (v === -Infinity) return '-Inf'
  return String(v)
}

/** Families without samples are left out (a HELP line for nothing only confuses readers). */
export function renderExposition(families: readonly MetricFamily[]): string {
  const out: string[] = []
  const seen = new Set<string>()
  for (const f of families) {
    if (!NAME.test(f.name)) throw new Error(`invalid metric name ${f.name}`)
    if (seen.has(f.name)) throw new Error(`metric ${f.name} written twice`)
    seen.add(f.name)
    if (f.samples.length === 0) continue
    out.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`)
    for (const s of f.samples) {
      const names = Object.keys(s.labels)
      for (const l of names) if (!LABEL.test(l) || l.startsWith('__')) throw new Error(`invalid label name ${l}`)
      const labels = names.length ? `{${names.map((l) => `${l}="${escapeLabel(s.labels[l]!)}"`).join(',')}}` : ''
      out.push(`${f.name}${labels} ${formatValue(s.value)}`)
    }
  }
  return out.length ? `${out.join('\n')}\n` : ''
}

/** A family builder that keeps call sites short: `gauge(name, help).add(labels, value)`. */
export function gauge(name: string, help: string): MetricFamily & { add(labels: Labels, value: number | null | undefined): void } {
  const family: MetricFamily = { name, help, type: 'gauge', samples: [] }
  return Object.assign(family, {
    add(labels: Labels, value: number | null | undefined) {
      if (value === null || value === undefined || !Number.isFinite(value)) return
      family.samples.push({ labels, value })
    },
  })
}
