import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../shared/channels'
import { buildWhatIfRequest, isEmptyWhatIf } from './what-if'
import { failed, loaded, loading } from '../../stores/async'
import { type ImagesStore, pullActive } from './images-store'
import type { RendererTransport } from '../../transport'
import type { RecommendResult } from '../../../shared/recommend'

export interface ImagesActions {
  /** Everything the page shows: the recommendation, the engine and, while it is up, the local images. Once; again when `force`. */
  open(force?: boolean): Promise<void>
  loadRecommendation(): Promise<void>
  /** Asks recommend:get for the pasted nvidia-smi output and the what-if values of the form. */
  askOther(): Promise<void>
  checkEngine(): Promise<void>
  loadImages(): Promise<void>
  pull(ref: string): Promise<void>
  cancelPull(ref: string): Promise<void>
  compare(): Promise<void>
  /** Stops the comparison under way and its probe. */
  cancelCompare(): Promise<void>
  /** Asks the registries whether a recommendation's tags exist, for this machine's platform. */
  checkTags(result: RecommendResult): Promise<void>
}

export interface ImagesController extends ImagesActions {
  start(): void
  dispose(): void
}

/**
 * Wires the images store to the transport: recommend:get, the engine (docker:get-engine and its
 * state events), the local images, pulls with their progress events, and docker:compare. Docker
 * being down is a state of the page, never an exception: the recommendation needs no engine.
 */
export function createImagesController(transport: RendererTransport, store: ImagesStore): ImagesController {
  const state = () => store.getState()
  const unsubscribes: Array<() => void> = []
  let opened = false
  // Answers to an older request of the same kind are dropped.
  let otherSeq = 0
  let imagesSeq = 0

  const engineUp = () => state().engine?.kind === 'up'

  const actions: ImagesActions = {
    async open(force = false) {
      if (opened && !force) return
      opened = true
      await Promise.all([actions.loadRecommendation(), actions.checkEngine()])
    },

    async checkTags(result) {
      const images = [...new Set(result.recommendations.map((r) => r.image))]
      if (images.length === 0) return
      state().tagCheckStarted(images)
      const answer = await transport.invoke(INVOKE_CHANNELS.checkTags, { images, cpuArch: result.input.cpuArch ?? 'x86_64' })
      if (answer.ok) state().tagCheckDone(images, answer.value)
      else state().tagCheckFailed(images, answer.error)
    },

    async loadRecommendation() {
      state().setLocal(loading(state().local))
      const result = await transport.invoke(INVOKE_CHANNELS.getRecommendations)
      state().setLocal(result.ok ? loaded(result.value) : failed(state().local, result.error))
    },

    async askOther() {
      const form = state().form
      if (isEmptyWhatIf(form)) return
      const built = buildWhatIfRequest(form)
      if (!built.ok) return state().setFormError(built.field)
      const seq = ++otherSeq
      state().setOther(loading(state().other), built.request)
      const result = await transport.invoke(INVOKE_CHANNELS.getRecommendations, built.request)
      if (seq !== otherSeq) return
      state().setOther(result.ok ? loaded(result.value) : failed(state().other, result.error))
    },

    async checkEngine() {
      state().setEngineChecking()
      const result = await transport.invoke(INVOKE_CHANNELS.dockerGetEngine)
      if (!result.ok) return state().setEngineError(result.error)
      const wasUp = engineUp()
      state().setEngine(result.value)
      if (engineUp() && (!wasUp || state().images.value === null)) await actions.loadImages()
    },

    async loadImages() {
      const seq = ++imagesSeq
      state().imagesLoading()
      const result = await transport.invoke(INVOKE_CHANNELS.dockerListImages)
      if (seq !== imagesSeq) return
      if (result.ok) state().setImages(result.value)
      else state().setImagesError(result.error)
    },

    async pull(ref) {
      if (!state().pullRequested(ref)) return
      const result = await transport.invoke(INVOKE_CHANNELS.dockerStartPull, { ref })
      if (!result.ok) return state().pullStartFailed(ref, result.error)
      const cancelWanted = state().pulls[ref]?.phase === 'cancelling'
      state().pullStarted(ref, result.value.pullId)
      // Cancel was pressed before the pull had an id: send it now.
      if (cancelWanted && pullActive(state().pulls[ref])) await transport.invoke(INVOKE_CHANNELS.dockerCancelPull, result.value.pullId)
    },

    async cancelPull(ref) {
      const pull = state().pulls[ref]
      if (!pullActive(pull) || pull!.phase === 'cancelling') return
      state().pullCancelRequested(ref)
      if (!pull!.pullId) return
      const result = await transport.invoke(INVOKE_CHANNELS.dockerCancelPull, pull!.pullId)
      // The core no longer knows the pull: it ended, and its pull-done may have been missed.
      if (result.ok && !result.value.cancelled && pullActive(state().pulls[ref])) {
        state().pullDone({ kind: 'failed', pullId: pull!.pullId, ref, problem: { code: 'cancelled', failureModeId: null, message: '', fix: '', detail: '' } })
      }
    },

    async compare() {
      const { a, b, running } = state().compare
      if (running || a.trim() === '' || b.trim() === '') return
      state().compareStarted()
      const result = await transport.invoke(INVOKE_CHANNELS.dockerCompare, { a: a.trim(), b: b.trim() })
      if (result.ok) state().compareDone(result.value)
      else state().compareFailed(result.error)
    },

    async cancelCompare() {
      if (!state().compare.running) return
      state().compareCancelling()
      await transport.invoke(INVOKE_CHANNELS.dockerCancelCompare)
    },
  }

  return {
    ...actions,

    start() {
      unsubscribes.push(
        transport.on(EVENT_CHANNELS.dockerEngineState, (engine) => {
          const wasUp = engineUp()
          state().setEngine(engine)
          if (opened && engine.kind === 'up' && !wasUp) void actions.loadImages()
        }),
        transport.on(EVENT_CHANNELS.dockerPullProgress, (event) => state().pullProgress(event)),
        transport.on(EVENT_CHANNELS.dockerCompareProgress, (event) => state().compareProgress(event)),
        transport.on(EVENT_CHANNELS.dockerPullDone, (event) => {
          state().pullDone(event)
          // A finished pull is a new local image.
          if (event.kind === 'done' && engineUp()) void actions.loadImages()
        }),
      )
    },

    dispose() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
    },
  }
}
