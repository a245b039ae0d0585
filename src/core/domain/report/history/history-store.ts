import { randomBytes } from 'node:crypto'
import { readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Diagnosis } from '../../../../shared/diagnosis'
import type { HistoryEntry, HistoryListing, UnreadableEntry } from '../../../../shared/history'
import { HistoryIdSchema } from '../../../../shared/history'
import { reportFacts } from '../facts'
import { runOptionsOf } from '../../../../shared/run-options'
import { bounded, ensureDir } from './bounded-write'
import { HistoryEntryNotFoundError, HistoryEntryUnreadableError, readEntryText } from './entry-damage'
import { readRegularText } from '../../../platform/files/read-regular'

/** Saved diagnoses kept at most unless the settings say otherwise; the oldest go first. */
export const HISTORY_LIMIT = 500
/** A saved diagnosis is a few hundred KiB; a file far larger in the history folder is not read whole. */
export const HISTORY_ENTRY_MAX_BYTES = 32 * 1024 * 1024
/** Readable entries a listing shows at most. */
export const LISTING_LIMIT = 200

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
    options: runOptionsOf(d.environment),
  }
}

export interface SaveOutcome {
  entry: HistoryEntry
  /** Older entries deleted to stay within the limit. */
  pruned: number
  keeps: number
}

export interface LatestEntry {
  /** The newest readable entry; null when there is none. */
  found: { id: string; diagnosis: Diagnosis } | null
  /** Newer entries that could not be read and were passed over, newest first. */
  skipped: UnreadableEntry[]
}

/** The limit, fixed or read anew each time (from the settings file). */
export type HistoryLimit = number | (() => Promise<number>)

/**
 * Every diagnosis as one JSON file (the Diagnosis itself, readable by `report --from`), named by
 * its start time so that names sort by age. Ids are validated: a caller never supplies a path.
 */
export class HistoryStore {
  constructor(
    readonly dir: string,
    private readonly limit: HistoryLimit = HISTORY_LIMIT,
  ) {}

  private path(id: string): string {
    return join(this.dir, `${HistoryIdSchema.parse(id)}.json`)
  }

  async keeps(): Promise<number> {
    return typeof this.limit === 'number' ? this.limit : this.limit()
  }

  /** Bounded in time and cancellable; fails with SaveFailedError (reason, path) and leaves no temporary file behind. */
  save(diagnosis: Diagnosis, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<SaveOutcome> {
    return bounded(
      async (signal) => {
        await ensureDir(this.dir, signal)
        const stamp = (Number.isNaN(Date.parse(diagnosis.startedAt)) ? new Date() : new Date(diagnosis.startedAt)).toISOString().replace(/[:.]/g, '-')
        const id = `${stamp}-${randomBytes(3).toString('hex')}`
        const tmp = join(this.dir, `.${id}.tmp`)
        // Written then renamed, so a list never reads half a file.
        try {
          await writeFile(tmp, `${JSON.stringify(diagnosis, null, 2)}\n`, { mode: 0o600, signal })
          signal.throwIfAborted()
          await rename(tmp, this.path(id))
        } catch (error) {
          await rm(tmp, { force: true }).catch(() => undefined)
          throw error
        }
        const keeps = await this.keeps()
        return { entry: entryOf(id, diagnosis), pruned: await this.prune(keeps, id), keeps }
      },
      this.dir,
      options,
    )
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

  /**
   * Newest first, up to `limit` readable entries; damaged files are named apart with why and do
   * not count toward the limit.
   */
  async list(limit = LISTING_LIMIT): Promise<HistoryListing> {
    const entries: HistoryEntry[] = []
    const unreadable: UnreadableEntry[] = []
    for (const id of await this.ids()) {
      if (entries.length >= limit) break
      try {
        entries.push(entryOf(id, await this.load(id)))
      } catch (error) {
        if (error instanceof HistoryEntryUnreadableError) unreadable.push(error.entry)
      }
    }
    return { entries, unreadable, keeps: await this.keeps() }
  }

  /** The saved diagnosis; HistoryEntryNotFoundError or HistoryEntryUnreadableError (with why) otherwise. */
  async load(id: string): Promise<Diagnosis> {
    let text: string
    try {
      text = await readRegularText(this.path(id), { maxBytes: HISTORY_ENTRY_MAX_BYTES, timeoutMs: 10_000 })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') throw new HistoryEntryNotFoundError(id)
      throw new HistoryEntryUnreadableError({ id, damage: 'unreadable', detail: code ?? (error instanceof Error ? error.message : null) })
    }
    return readEntryText(id, text)
  }

  /** The newest readable entry, with the newer ones that were damaged and passed over. */
  async latest(): Promise<LatestEntry> {
    const skipped: UnreadableEntry[] = []
    for (const id of await this.ids()) {
      try {
        return { found: { id, diagnosis: await this.load(id) }, skipped }
      } catch (error) {
        if (error instanceof HistoryEntryUnreadableError) skipped.push(error.entry)
      }
    }
    return { found: null, skipped }
  }

  /**
   * Keeps the entry just saved and the newest readable ones up to `keeps` in all; deletes what is
   * older than those. The one just saved stays whatever the names of the others say (a clock that
   * was ahead named older entries "newer"). Damaged entries among the kept ones do not count, as in
   * the listing: they stay, named with why, and never push a readable entry out. How many went.
   */
  private async prune(keeps: number, justSaved: string): Promise<number> {
    const ids = await this.ids()
    if (ids.length <= keeps) return 0
    let kept = 1
    const old: string[] = []
    for (const id of ids) {
      if (id === justSaved) continue
      if (kept >= keeps) old.push(id)
      else if (await this.isReadable(id)) kept++
    }
    for (const id of old) await rm(this.path(id), { force: true })
    return old.length
  }

  private async isReadable(id: string): Promise<boolean> {
    try {
      await this.load(id)
      return true
    } catch {
      return false
    }
  }
}
