import type { FleetTable } from '../../../shared/fleet'
import type { FleetFile } from './report-store'


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
