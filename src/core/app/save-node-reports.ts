import { join } from 'node:path'

import { writeOutputFile } from '../platform/files/write-output'
import type { SlurmFleetResult } from './slurm-fleet'

/**
 * Each node's report of a fleet run, as `report --merge` and the app's Fleet page read them: one
 * `<node>.json` in `dir` per node whose report was read. Answers how many were written.
 */
export async function saveNodeReports(result: SlurmFleetResult, dir: string): Promise<number> {
  const read = new Set(result.table.nodes.filter((n) => n.state === 'ok').map((n) => n.name))
  for (const input of result.inputs) {
    if (input.name === null || !read.has(input.name)) continue
    await writeOutputFile(join(dir, `${input.name}.json`), input.text)
  }
  return read.size
}
