/** One JSON line of `POST /images/create` (containers/podman-desktop's pull-event.ts shape). */
export interface PullEvent {
  id?: string
  status?: string
  progress?: string
  progressDetail?: { current?: number; total?: number }
  error?: string
  errorDetail?: { message?: string }
}

export interface LayerProgress {
  id: string
  status: string
  current: number
  total: number | null
  done: boolean
}

export interface PullSnapshot {
  status: string
  layers: LayerProgress[]
  layersDone: number
  /** Bytes downloaded, over the layers whose size is known. */
  bytesDone: number
  /** Sum of the known layer sizes: grows while layers start, so percent is an estimate. */
  bytesTotal: number
  percent: number | null
}

const DONE = /^(Pull complete|Already exists)$/
const DOWNLOADED = /^(Verifying Checksum|Download complete|Extracting)$/

/**
 * Folds pull events into per-layer and total progress. Pure and incremental: feed events with
 * `add`, read `snapshot()` whenever. Remembers the first error line (it arrives with HTTP 200),
 * the digest, and whether the engine said the pull finished.
 */
export class PullAggregator {
  private readonly layers = new Map<string, LayerProgress>()
  private status = ''
  error: string | null = null
  digest: string | null = null
  /** The engine's closing "Status: Downloaded newer image…" / "Status: Image is up to date…". */
  finished = false
  upToDate = false

  add(event: PullEvent): void {
    if (event.error || event.errorDetail?.message) {
      this.error ??= event.errorDetail?.message ?? event.error ?? 'unknown error'
      return
    }
    const status = event.status ?? ''
    const digest = /^Digest: (\S+)/.exec(status)
    if (digest) this.digest = digest[1]!
    if (/^Status: /.test(status)) {
      this.finished = true
      this.upToDate = /up to date/i.test(status)
    }
    if (!event.id || /^Pulling from /.test(status) || /^(Digest|Status): /.test(status)) {
      if (status) this.status = status
      return
    }
    const layer = this.layers.get(event.id) ?? { id: event.id, status, current: 0, total: null, done: false }
    layer.status = status
    const detail = event.progressDetail
    if (status === 'Downloading' && detail?.total) {
      layer.total = detail.total
      layer.current = Math.min(detail.current ?? 0, detail.total)
    } else if (DOWNLOADED.test(status) || DONE.test(status)) {
      if (layer.total !== null) layer.current = layer.total
    }
    if (DONE.test(status)) layer.done = true
    this.layers.set(event.id, layer)
  }

  /** The stream ended without an error and the image is there: Podman's stream says neither "Pull complete" nor "Status:". */
  complete(): void {
    this.finished = true
    for (const layer of this.layers.values()) {
      layer.done = true
      if (layer.total !== null) layer.current = layer.total
    }
  }

  snapshot(): PullSnapshot {
    const layers = [...this.layers.values()].map((l) => ({ ...l }))
    const bytesTotal = layers.reduce((n, l) => n + (l.total ?? 0), 0)
    const bytesDone = layers.reduce((n, l) => n + (l.total !== null ? l.current : 0), 0)
    const layersDone = layers.filter((l) => l.done).length
    const allDone = layers.length > 0 && layersDone === layers.length
    const percent = allDone || this.finished ? 100 : bytesTotal > 0 ? Math.min(99.9, (bytesDone / bytesTotal) * 100) : null
    return { status: this.status, layers, layersDone, bytesDone, bytesTotal, percent }
  }
}
