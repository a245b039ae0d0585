import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Diagnosis } from '../../../shared/diagnosis'
import type { HistoryEntry } from '../../../shared/history'
import { HistoryIdSchema } from '../../../shared/history'
import { reportFacts } from '../facts'
import { diagnosisOf, parseReportInput } from '../load-input'

/** Saved diagnoses kept at most; the oldest go first. */
export const HISTORY_LIMIT = 500

function entryOf(id: string, d: Diagnosis): HistoryEntry {
  const f = reportFacts(d, null, null)
  return {
    id,
    startedAt: d.startedAt,
    finishedAt: d.finishedAt,
    steps: d.steps.map((s) => ({ id: s.id, status: s.status })),
    python: f.python,
    image: f.image,
    torch: f.torch,
    driverVersion: f.driverVersion,
    cudnn: f.cudnn,
    gpuModels: f.gpuModels,
  }
}

/**
 * Every diagnosis as one JSON file (the Diagnosis itself, readable by `report --from`), named by
 * its start time so that names sort by age. Ids are validated: a caller never supplies a path.
 */
export class HistoryStore {
  constructor(
    readonly dir: string,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  private path(id: string): string {
    return join(this.dir, `${HistoryIdSchema.parse(id)}.json`)
  }

  async save(diagnosis: Diagnosis): Promise<HistoryEntry> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    const stamp = (Number.isNaN(Date.parse(diagnosis.startedAt)) ? new Date() : new Date(diagnosis.startedAt)).toISOString().replace(/[:.]/g, '-')
    const id = `${stamp}-${randomBytes(3).toString('hex')}`
    const tmp = join(this.dir, `.${id}.tmp`)
    // Written then renamed, so a list never reads half a file.
    await writeFile(tmp, `${JSON.stringify(diagnosis, null, 2)}\n`, { mode: 0o600 })
    await rename(tmp, this.path(id))
    await this.prune()
    return entryOf(id, diagnosis)
  }

  async ids(): Promise<string[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch {
      return []
    }
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -5))
      .filter((id) => HistoryIdSchema.safeParse(id).success)
      .sort()
      .reverse()
  }

  /** Newest first; unreadable files are skipped. */
  async list(limit = 200): Promise<HistoryEntry[]> {
    const entries: HistoryEntry[] = []
    for (const id of (await this.ids()).slice(0, limit)) {
      try {
        entries.push(entryOf(id, await this.load(id)))
      } catch {
        // A file that is not a diagnosis (hand-edited, truncated) is not listed.
      }
    }
    return entries
  }

  async load(id: string): Promise<Diagnosis> {
    const d = diagnosisOf(parseReportInput(await readFile(this.path(id), 'utf8')))
    if (!d) throw new Error(`history entry ${id} has no diagnosis`)
    return d
  }

  async latest(): Promise<{ id: string; diagnosis: Diagnosis } | null> {
    for (const id of await this.ids()) {
      try {
        return { id, diagnosis: await this.load(id) }
      } catch {
        continue
      }
    }
    return null
  }

  private async prune(): Promise<void> {
    const ids = await this.ids()
    for (const id of ids.slice(this.limit)) await rm(this.path(id), { force: true })
  }
}
