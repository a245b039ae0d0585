import { createStore } from 'zustand/vanilla'

import type { IpcError } from '../../../shared/contract'
import type { CompareResult, DockerProblem, EngineState, LocalImage, PullDone, PullProgress } from '../../../shared/docker'
import type { RecommendRequest, RecommendResult, TagCheckResult } from '../../../shared/recommend'
import { EMPTY_WHAT_IF, type WhatIfField, type WhatIfForm } from './what-if'
import { type Async, failed, idle, loaded, loading } from '../../stores/async'

/** One pull the page started, keyed by the reference it asked for. */
export interface PullState {
  ref: string
  /** null until docker:pull-start answers; events that arrive before are buffered. */
  pullId: string | null
  phase: 'starting' | 'pulling' | 'cancelling' | 'done' | 'failed' | 'cancelled'
  progress: PullProgress | null
  /** From docker:pull-done, or the refused start. */
  problem: DockerProblem | null
  error: IpcError | null
  digest: string | null
}

export const pullActive = (p: PullState | undefined): boolean => p !== undefined && (p.phase === 'starting' || p.phase === 'pulling' || p.phase === 'cancelling')

/** "host" or an image reference, for docker:compare. */
export const HOST = 'host'

export interface CompareState {
  a: string
  b: string
  running: boolean
  /** Date.now() when it started, and the side whose probe runs now. */
  startedAt: number | null
  runningSide: { side: 'a' | 'b'; target: string } | null
  cancelling: boolean
  result: CompareResult | null
  error: IpcError | null
}

export interface ImagesStoreState {
  /** recommend:get for this machine. */
  local: Async<RecommendResult>
  /** recommend:get for pasted nvidia-smi output or what-if values, with the request it answers. */
  other: Async<RecommendResult> & { request: RecommendRequest | null }
  form: WhatIfForm
  formError: WhatIfField | null
  engine: EngineState | null
  /** Date.now() when `engine` arrived: the retry countdown runs on this clock, not the core's. */
  engineReceivedAt: number
  engineError: IpcError | null
  engineChecking: boolean
  images: Async<LocalImage[]>
  /** When the list arrived: image ages are counted from it, not from each render. */
  imagesAt: number
  pulls: Record<string, PullState>
  compare: CompareState
  /** recommend:check-tags answers by image; which images are being asked about; a refused request. */
  tagChecks: { results: Record<string, TagCheckResult>; running: string[]; error: IpcError | null }

  setLocal(next: Async<RecommendResult>): void
  setOther(next: Async<RecommendResult>, request?: RecommendRequest | null): void
  setForm(patch: Partial<WhatIfForm>): void
  setFormError(field: WhatIfField | null): void
  clearOther(): void
  setEngineChecking(): void
  setEngine(state: EngineState): void
  setEngineError(error: IpcError): void
  imagesLoading(): void
  setImages(list: LocalImage[]): void
  setImagesError(error: IpcError): void
  /** Begins a pull of `ref`; false when one of the same reference is under way. */
  pullRequested(ref: string): boolean
  pullStarted(ref: string, pullId: string): void
  pullStartFailed(ref: string, error: IpcError): void
  pullProgress(event: PullProgress): void
  pullDone(event: PullDone): void
  pullCancelRequested(ref: string): void
  dismissPull(ref: string): void
  setCompareSide(side: 'a' | 'b', value: string): void
  compareStarted(): void
  compareProgress(event: { side: 'a' | 'b'; target: string }): void
  compareCancelling(): void
  compareDone(result: CompareResult): void
  compareFailed(error: IpcError): void
  tagCheckStarted(images: string[]): void
  tagCheckDone(images: string[], results: TagCheckResult[]): void
  tagCheckFailed(images: string[], error: IpcError): void
}

const MAX_BUFFERED = 500

export function createImagesStore() {
  // Pull events whose pullId is not known yet (the core may emit before docker:pull-start answers).
  let buffered: Array<{ kind: 'progress'; event: PullProgress } | { kind: 'done'; event: PullDone }> = []

  return createStore<ImagesStoreState>()((set, get) => {
    const refOf = (pullId: string) => Object.values(get().pulls).find((p) => p.pullId === pullId)?.ref ?? null
    const update = (ref: string, patch: Partial<PullState>) => {
      const current = get().pulls[ref]
      if (current) set({ pulls: { ...get().pulls, [ref]: { ...current, ...patch } } })
    }
    const waiting = () => Object.values(get().pulls).some((p) => p.pullId === null && p.phase !== 'failed')

    const applyProgress = (ref: string, event: PullProgress) => {
      const p = get().pulls[ref]
      if (!p || !pullActive(p)) return
      update(ref, { progress: event, phase: p.phase === 'cancelling' ? 'cancelling' : 'pulling' })
    }
    const applyDone = (ref: string, event: PullDone) => {
      if (event.kind === 'done') return update(ref, { phase: 'done', digest: event.digest, problem: null })
      const cancelled = event.problem.code === 'cancelled' || get().pulls[ref]?.phase === 'cancelling'
      update(ref, { phase: cancelled ? 'cancelled' : 'failed', problem: cancelled ? null : event.problem })
    }

    return {
      local: idle(),
      other: { ...idle(), request: null },
      form: EMPTY_WHAT_IF,
      formError: null,
      engine: null,
      engineReceivedAt: 0,
      engineError: null,
      engineChecking: false,
      images: idle(),
      imagesAt: 0,
      pulls: {},
      compare: { a: HOST, b: '', running: false, startedAt: null, runningSide: null, cancelling: false, result: null, error: null },
      tagChecks: { results: {}, running: [], error: null },

      tagCheckStarted: (images) => set({ tagChecks: { ...get().tagChecks, running: [...new Set([...get().tagChecks.running, ...images])], error: null } }),
      tagCheckDone: (images, list) => {
        const results = { ...get().tagChecks.results }
        for (const r of list) results[r.image] = r
        set({ tagChecks: { results, running: get().tagChecks.running.filter((i) => !images.includes(i)), error: null } })
      },
      tagCheckFailed: (images, error) => set({ tagChecks: { ...get().tagChecks, running: get().tagChecks.running.filter((i) => !images.includes(i)), error } }),

      setLocal: (local) => set({ local }),
      setOther: (next, request) => set({ other: { ...next, request: request === undefined ? get().other.request : request } }),
      setForm: (patch) => set({ form: { ...get().form, ...patch }, formError: null }),
      setFormError: (formError) => set({ formError }),
      clearOther: () => set({ other: { ...idle(), request: null }, form: EMPTY_WHAT_IF, formError: null }),

      setEngineChecking: () => set({ engineChecking: true }),
      setEngine: (engine) => set({ engine, engineReceivedAt: Date.now(), engineError: null, engineChecking: false }),
      setEngineError: (engineError) => set({ engineError, engineChecking: false }),

      imagesLoading: () => set({ images: loading(get().images) }),
      setImages: (list) => set({ images: loaded(list), imagesAt: Date.now() }),
      setImagesError: (error) => set({ images: failed(get().images, error) }),

      pullRequested: (ref) => {
        if (pullActive(get().pulls[ref])) return false
        set({ pulls: { ...get().pulls, [ref]: { ref, pullId: null, phase: 'starting', progress: null, problem: null, error: null, digest: null } } })
        return true
      },
      pullStarted: (ref, pullId) => {
        const p = get().pulls[ref]
        if (!p) return
        update(ref, { pullId, phase: p.phase === 'cancelling' ? 'cancelling' : 'pulling' })
        const mine = buffered.filter((b) => b.event.pullId === pullId)
        buffered = buffered.filter((b) => b.event.pullId !== pullId)
        for (const b of mine) {
          if (b.kind === 'progress') applyProgress(ref, b.event)
          else applyDone(ref, b.event)
        }
      },
      pullStartFailed: (ref, error) => update(ref, { phase: 'failed', error }),
      pullProgress: (event) => {
        const ref = refOf(event.pullId)
        if (ref) return applyProgress(ref, event)
        if (waiting() && buffered.length < MAX_BUFFERED) buffered.push({ kind: 'progress', event })
      },
      pullDone: (event) => {
        const ref = refOf(event.pullId)
        if (ref) return applyDone(ref, event)
        if (waiting()) buffered.push({ kind: 'done', event })
      },
      pullCancelRequested: (ref) => {
        if (pullActive(get().pulls[ref])) update(ref, { phase: 'cancelling' })
      },
      dismissPull: (ref) => {
        const pulls = { ...get().pulls }
        if (pullActive(pulls[ref])) return
        delete pulls[ref]
        set({ pulls })
      },

      setCompareSide: (side, value) => set({ compare: { ...get().compare, [side]: value } }),
      compareStarted: () =>
        set({ compare: { ...get().compare, running: true, startedAt: Date.now(), runningSide: null, cancelling: false, result: null, error: null } }),
      compareProgress: (event) => {
        if (get().compare.running) set({ compare: { ...get().compare, runningSide: event } })
      },
      compareCancelling: () => set({ compare: { ...get().compare, cancelling: true } }),
      compareDone: (result) => set({ compare: { ...get().compare, running: false, runningSide: null, cancelling: false, result, error: null } }),
      compareFailed: (error) => set({ compare: { ...get().compare, running: false, runningSide: null, cancelling: false, error } }),
    }
  })
}

export type ImagesStore = ReturnType<typeof createImagesStore>
