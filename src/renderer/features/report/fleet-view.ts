import type { TFunction } from 'i18next'

import type { FleetTable, LookFirstReason } from '../../../shared/fleet'
import type { FleetFile } from './report-store'
import { fieldLabel } from './labels'


/**
 * Which cells of a row to flag: those that differ from the majority; when no value has a
 * majority (two nodes that disagree), every cell. Nothing when the row does not differ.
 */
export function differingCells(values: ReadonlyArray<string | null>, differs: boolean): boolean[] {
  if (!differs) return values.map(() => false)
  const counts = new Map<string | null, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  const max = Math.max(...counts.values())
  const modes = [...counts.values()].filter((c) => c === max).length
  return values.map((v) => modes > 1 || counts.get(v)! < max)
}

/**
 * The file each node came from. The core drops unreadable inputs (listed in `rejected` by their
 * position among the sent texts) and keeps the order of the rest.
 */
export function nodeFileNames(files: readonly FleetFile[], table: FleetTable): string[] {
  const sent = files.filter((f) => f.text !== null)
  const rejected = new Set(table.rejected.map((r) => r.index))
  const kept = sent.filter((_, i) => !rejected.has(i)).map((f) => f.name)
  return table.nodes.map((_, i) => kept[i] ?? '')
}

/** A rejected input's file name (the core only knows its position). */
export function rejectedFileName(files: readonly FleetFile[], index: number): string {
  return files.filter((f) => f.text !== null)[index]?.name ?? `#${index + 1}`
}

function reasonText(r: LookFirstReason, t: TFunction): string {
  switch (r.kind) {
    case 'state': {
      const state = t(`rep.fleet.state.${r.state}`, { defaultValue: r.state })
      return r.detail ? t('rep.fleet.why.stateDetail', { state, detail: r.detail }) : t('rep.fleet.why.state', { state })
    }
    case 'drift': {
      const shown = (v: string | null) => v ?? t('rep.fleet.noValue')
      return t(r.split ? 'rep.fleet.why.driftSplit' : 'rep.fleet.why.drift', { field: fieldLabel(r.field, t), value: shown(r.value), others: shown(r.others), count: r.count })
    }
    case 'health':
      return t('rep.fleet.why.health', { findings: r.findings.join(', ') })
    case 'failing':
      return t('rep.fleet.why.failing', { steps: r.steps.map((s) => fieldLabel(`step.${s}`, t)).join(', ') })
    case 'slow':
      return t(`rep.fleet.why.slow.${r.metric}`, { value: r.value.toFixed(r.metric === 'tflops' ? 1 : 3), median: r.median.toFixed(r.metric === 'tflops' ? 1 : 3) })
  }
}

/** The machines to look at first, worst first, each with its reasons in words. */
export function lookFirstItems(table: FleetTable, t: TFunction): { node: string; reasons: string[] }[] {
  return (table.lookFirst ?? []).map((n) => ({ node: n.node, reasons: n.reasons.map((r) => reasonText(r, t)) }))
}
