import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../shared/channels'
import type { StepId } from '../../../shared/diagnosis'
import { STEP_IDS } from '../../../shared/constants'
import { chosenPython, type DiagnosisStore } from './diagnosis-store'
import type { RendererTransport } from '../../transport'

export interface DiagnosisActions {
  /** Lists the Python interpreters (once; again when `force`). */
  loadInterpreters(force?: boolean): Promise<void>
  /** Runs the chosen steps (all five when omitted) with the chosen Python. */
  run(steps?: readonly StepId[]): Promise<void>
  cancel(): Promise<void>
  /** Runs the hardware preflight (once; again when `force`); `underLoad` reads it under a short bf16 load in the chosen Python. */
  checkHealth(force?: boolean, underLoad?: boolean): Promise<void>
}

export interface DiagnosisController extends DiagnosisActions {
  start(): void
  dispose(): void
}

export interface DiagnosisControllerOptions {
  /** How long to wait for diagnosis:done after the core accepted a cancel. */
  cancelGraceMs?: number
}

/** Wires the diagnosis store to the transport: interpreters, start, progress events, cancel. */
export function createDiagnosisController(
  transport: RendererTransport,
  store: DiagnosisStore,
  { cancelGraceMs = 15_000 }: DiagnosisControllerOptions = {},
): DiagnosisController {
  const state = () => store.getState()
  const unsubscribes: Array<() => void> = []
  let listing: Promise<void> | null = null
  let checking: Promise<void> | null = null
  let graceTimer: ReturnType<typeof setTimeout> | null = null

  const clearGrace = () => {
    if (graceTimer) clearTimeout(graceTimer)
    graceTimer = null
  }

  async function sendCancel(runId: string): Promise<void> {
    const result = await transport.invoke(INVOKE_CHANNELS.cancelDiagnosis, runId)
    if (state().run?.runId !== runId) return
    // The core no longer knows the run (it just finished, or the server restarted): nothing will come.
    if (result.ok && !result.value.cancelled) return state().runLost()
    clearGrace()
    graceTimer = setTimeout(() => {
      graceTimer = null
      if (state().run?.runId === runId) state().runLost()
    }, cancelGraceMs)
  }

  /** A reload keeps the last result: the newest diagnosis of the history (every finished run is saved there). */
  async function restoreLast(): Promise<void> {
    const listing = await transport.invoke(INVOKE_CHANNELS.listHistory)
    const newest = listing.ok ? listing.value.entries[0] : undefined
    if (!newest) return
    const loaded = await transport.invoke(INVOKE_CHANNELS.loadHistory, newest.id)
    if (loaded.ok) state().restored(loaded.value)
  }

  return {
    start() {
      unsubscribes.push(
        transport.on(EVENT_CHANNELS.diagnosisProgress, (event) => state().progress(event)),
        transport.on(EVENT_CHANNELS.diagnosisDone, (event) => {
          state().done(event)
          if (!state().run) clearGrace()
        }),
      )
      void restoreLast()
      // A window opened while another window's run is under way says so (its events then keep it current).
      void transport.invoke(INVOKE_CHANNELS.currentDiagnosis).then((r) => {
        if (r.ok) state().runsUnderWay(r.value)
      })
    },

    loadInterpreters(force = false) {
      if (listing) return listing
      if (!force && (state().interpreters || state().interpretersError)) return Promise.resolve()
      state().setLoadingInterpreters()
      listing = transport
        .invoke(INVOKE_CHANNELS.listInterpreters)
        .then((result) => {
          if (result.ok) state().setInterpreters(result.value)
          else state().setInterpretersError(result.error)
        })
        .finally(() => (listing = null))
      return listing
    },

    checkHealth(force = false, underLoad = false) {
      if (checking) return checking
      const { value, error } = state().health
      if (!force && (value || error)) return Promise.resolve()
      const python = underLoad ? chosenPython(state()) : null
      if (underLoad && python === null) return Promise.resolve()
      state().healthRequested(underLoad)
      checking = transport
        .invoke(INVOKE_CHANNELS.checkHealth, ...(python === null ? [] : [{ underLoad: true, python }] as const))
        .then((result) => {
          if (result.ok) state().healthChecked(result.value)
          else state().healthFailed(result.error)
        })
        .finally(() => (checking = null))
      return checking
    },

    async run(steps) {
      if (!state().runRequested(steps)) return
      const run = state().run!
      const all = run.steps.length === STEP_IDS.length
      const result = await transport.invoke(INVOKE_CHANNELS.startDiagnosis, {
        python: run.python,
        ...(all ? {} : { steps: run.steps }),
        ...(state().disableCudnn ? { disableCudnn: true } : {}),
      })
      if (!result.ok) return state().runStartFailed(result.error)
      const cancelWanted = state().run?.phase === 'cancelling'
      state().runStarted(result.value.runId)
      // Cancel was pressed before the run had an id: send it now.
      if (cancelWanted && state().run?.runId === result.value.runId) await sendCancel(result.value.runId)
    },

    async cancel() {
      const run = state().run
      if (!run || run.phase === 'cancelling') return
      state().cancelRequested()
      if (run.runId) await sendCancel(run.runId)
    },

    dispose() {
      clearGrace()
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
    },
  }
}
