// Inline SVG charts for the HTML report: no script, no external resource, printable in black and white
// (each series also differs by dash pattern, bars carry their values as text).

import { fmtMs, fmtNum } from './value-format'
import { escapeHtml as esc } from './html-escape'
import { SM_WARN_BELOW } from '../../../../shared/constants'
import type { ConvEvidence, SmEvidence } from '../../../../shared/evidence'

const COLORS = ['#2563eb', '#dc2626', '#059669', '#7c3aed', '#d97706', '#0891b2', '#db2777', '#4b5563']
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '4 4', '10 2', '3 1']

/** SM% over time from step 4's evidence.timeline, with the load window shaded and the 70 % line. */
export function smTimelineSvg(evidence: SmEvidence, labels: { title: string; seconds: string }): string | null {
  const points = [...(evidence.timeline ?? [])].sort((a, b) => a.time - b.time)
  if (points.length < 2) return null
  const t0 = points[0]!.time
  const span = Math.max(1, points[points.length - 1]!.time - t0)
  const W = 640
  const H = 220
  const L = 44
  const R = 12
  const T = 14
  const B = 34
  const x = (time: number) => L + ((time - t0) / span) * (W - L - R)
  const y = (sm: number) => T + (1 - Math.min(100, Math.max(0, sm)) / 100) * (H - T - B)
  const gpus = [...new Set(points.flatMap((p) => p.gpus.map((g) => g.index)))].sort((a, b) => a - b)
  const parts: string[] = []
  const start = evidence.loadStartedAt
  const end = evidence.loadEndedAt
  if (start !== undefined && end !== undefined && end > start) {
    const x1 = Math.max(L, x(start))
    const x2 = Math.min(W - R, x(end))
    if (x2 > x1) parts.push(`<rect x="${x1.toFixed(1)}" y="${T}" width="${(x2 - x1).toFixed(1)}" height="${H - T - B}" fill="#f59e0b" fill-opacity="0.15"/>`)
  }
  for (const v of [0, 25, 50, 75, 100]) {
    parts.push(`<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#d1d5db" stroke-width="0.5"/>`)
    parts.push(`<text x="${L - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11">${v}%</text>`)
  }
  parts.push(`<line x1="${L}" x2="${W - R}" y1="${y(SM_WARN_BELOW)}" y2="${y(SM_WARN_BELOW)}" stroke="#b45309" stroke-width="1" stroke-dasharray="5 4"/>`)
  const seconds = span / 1000
  const step = seconds <= 10 ? 1 : seconds <= 30 ? 5 : seconds <= 120 ? 15 : 60
  for (let s = 0; s <= seconds + 1e-9; s += step) {
    const px = x(t0 + s * 1000)
    parts.push(`<text x="${px.toFixed(1)}" y="${H - B + 16}" text-anchor="middle" font-size="11">${s}</text>`)
  }
  parts.push(`<text x="${W - R}" y="${H - 4}" text-anchor="end" font-size="11">${esc(labels.seconds)}</text>`)
  // A gap in the sampling (the skipped ramp-up around the load start) breaks the line rather than
  // drawing a slope nobody measured.
  const gaps = points.slice(1).map((p, i) => p.time - points[i]!.time).sort((a, b) => a - b)
  const maxGap = 3 * (gaps[Math.floor(gaps.length / 2)] ?? span)
  gpus.forEach((index, i) => {
    const segments: string[][] = [[]]
    let last: number | null = null
    for (const p of points) {
      const sm = p.gpus.find((g) => g.index === index)?.sm
      if (sm === null || sm === undefined) continue
      if (last !== null && p.time - last > maxGap) segments.push([])
      segments[segments.length - 1]!.push(`${x(p.time).toFixed(1)},${y(sm).toFixed(1)}`)
      last = p.time
    }
    const color = COLORS[i % COLORS.length]!
    const dash = DASHES[i % DASHES.length] ? ` stroke-dasharray="${DASHES[i % DASHES.length]}"` : ''
    for (const seg of segments.filter((s) => s.length > 0)) {
      parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2"${dash} points="${seg.join(' ')}"/>`)
    }
    const lx = L + i * 70
    parts.push(`<line x1="${lx}" x2="${lx + 18}" y1="${H - 8}" y2="${H - 8}" stroke="${color}" stroke-width="2"${dash}/>`)
    parts.push(`<text x="${lx + 22}" y="${H - 4}" font-size="11" fill="${color}">GPU ${index}</text>`)
  })
  return `<svg class="chart" role="img" aria-label="${esc(labels.title)}" viewBox="0 0 ${W} ${H}" width="100%" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">${parts.join('')}</svg>`
}

/** Step 5's cases as bar pairs, cuDNN on vs off, each pair on its own scale, with the speed-up. */
export function convBarsSvg(evidence: ConvEvidence, labels: { title: string; on: string; off: string }): string | null {
  const cases = (evidence.cases ?? []).map((c) => ({ label: c.label, shape: c.shape, on: c.onMs, off: c.offMs, ratio: c.ratio }))
  if (cases.length === 0) return null
  const W = 640
  const L = 110
  const R = 150
  const BAR = 18
  const GROUP = 2 * BAR + 34
  const H = cases.length * GROUP + 8
  const parts: string[] = []
  cases.forEach((c, i) => {
    const top = i * GROUP + 18
    const max = Math.max(c.on, c.off) || 1
    parts.push(`<text x="0" y="${top - 5}" font-size="12" font-weight="600">${esc(c.label)}</text>`)
    parts.push(`<text x="${L}" y="${top - 5}" font-size="10" fill="#4b5563">${esc(c.shape.length > 70 ? `${c.shape.slice(0, 69)}…` : c.shape)}</text>`)
    const bars: Array<[string, number, string, string]> = [
      [labels.on, c.on, '#059669', ''],
      [labels.off, c.off, '#9ca3af', ' stroke="#4b5563" stroke-dasharray="3 2"'],
    ]
    bars.forEach(([name, ms, color, extra], j) => {
      const yy = top + j * (BAR + 2)
      const w = Math.max(1, (ms / max) * (W - L - R))
      parts.push(`<text x="${L - 6}" y="${yy + BAR - 5}" text-anchor="end" font-size="11">${esc(name)}</text>`)
      parts.push(`<rect x="${L}" y="${yy}" width="${w.toFixed(1)}" height="${BAR}" fill="${color}"${extra}/>`)
      parts.push(`<text x="${(L + w + 6).toFixed(1)}" y="${yy + BAR - 5}" font-size="11">${fmtMs(ms)} ms</text>`)
    })
    parts.push(`<text x="${W - 4}" y="${top + BAR + 6}" text-anchor="end" font-size="13" font-weight="600">${fmtNum(c.ratio, 1)}×</text>`)
  })
  return `<svg class="chart" role="img" aria-label="${esc(labels.title)}" viewBox="0 0 ${W} ${H}" width="100%" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">${parts.join('')}</svg>`
}
