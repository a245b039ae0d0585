import type { CompatData, GpuRow, Mark } from '../../../shared/compat-data'
import { compatData } from './data'

/** A name settles to one compute capability, to several candidates, or to nothing known. */
export type GpuNameResolution =
  | { kind: 'ok'; cc: string; arch: string; mark: Mark; row: GpuRow }
  | { kind: 'ambiguous'; candidates: Array<{ name: string; cc: string }> }
  | { kind: 'unknown' }

// \u2026 is "…": escaped so that the built CLI stays ASCII (scripts/build-cli.mjs says why).
// (From the start of a blank run: a leading `\s*` was tried from every blank of a long run.)
const TRUNCATED = /(?<!\s)\s*(?:\.\.\.|\u2026)$/

/** The name as the patterns expect it: no leading "NVIDIA ", no trailing "...", single spaces. */
export function normaliseGpuName(name: string): { text: string; truncated: boolean } {
  const collapsed = name.replace(/\s+/g, ' ').trim()
  const truncated = TRUNCATED.test(collapsed)
  const text = collapsed.replace(TRUNCATED, '').replace(/^NVIDIA /i, '').trim()
  return { text, truncated }
}

const compiled = new WeakMap<GpuRow, RegExp[]>()
function patternsOf(row: GpuRow): RegExp[] {
  let res = compiled.get(row)
  if (!res) {
    res = row.patterns.map((p) => new RegExp(p, 'i'))
    compiled.set(row, res)
  }
  return res
}

function firstMatch(rows: readonly GpuRow[], text: string): GpuRow | null {
  return rows.find((row) => patternsOf(row).some((re) => re.test(text))) ?? null
}

/**
 * A GPU's compute capability from its marketing name, through gpus.json (first matching row wins).
 * A name nvidia-smi cut short ("NVIDIA GeForce GTX TITAN...") counts as ambiguous when known names
 * of different compute capabilities start with it.
 */
export function resolveGpuName(name: string, data: CompatData = compatData()): GpuNameResolution {
  const { text, truncated } = normaliseGpuName(name)
  if (text === '') return { kind: 'unknown' }
  const rows = data.gpus.gpus
  let row = firstMatch(rows, text)
  if (row && row.cc === null) return { kind: 'ambiguous', candidates: row.candidates ?? [] }
  if (truncated) {
    const prefix = text.toLowerCase()
    const sharing = rows.flatMap((r) =>
      r.cc !== null && r.examples.some((e) => normaliseGpuName(e).text.toLowerCase().startsWith(prefix))
        ? [{ name: r.examples.find((e) => normaliseGpuName(e).text.toLowerCase().startsWith(prefix))!, cc: r.cc }]
        : [],
    )
    const ccs = new Set([...sharing.map((s) => s.cc), ...(row?.cc ? [row.cc] : [])])
    if (ccs.size > 1) return { kind: 'ambiguous', candidates: sharing }
    // "…RTX 3050 Ti Lap..." matches no pattern cut short, but only one family's names start so.
    if (!row && ccs.size === 1) row = rows.find((r) => r.cc === sharing[0]!.cc) ?? null
  }
  if (!row || row.cc === null) return { kind: 'unknown' }
  return { kind: 'ok', cc: row.cc, arch: row.arch, mark: row.confidence, row }
}
