import type { LiveSample } from '../../components/evidence/sm-chart'
import type { StepPhase } from '../../components/step-status'
import { createStore } from 'zustand/vanilla'

import type { EventPayload, InvokeResult, IpcError } from '../../../shared/contract'
import type { Diagnosis, DiagnosisProgress, StepId, StepResult } from '../../../shared/diagnosis'
import type { Environment } from '../../../shared/evidence'
import type { HealthResult } from '../../../shared/health'
import type { SaveFailure } from '../../../shared/history'
import { type Async, failed, idle, loaded, loading } from '../../stores/async'
import { STEP_IDS } from '../../../shared/constants'

export type Interpreter = InvokeResult<'diagnosis:list-interpreters'>[number]
export type DiagnosisDone = EventPayload<'diagnosis:done'>

/** Where a requested step is in the current run; results come with the final diagnosis. */

export type { LiveSample }

export interface RunState {
  /** null until diagnosis:start answers; events that arrive before are buffered. */
  runId: string | null
  steps: StepId[]
  python: string
  /** Date.now() when Run was pressed, for the elapsed time. */
  startedAt: number
  phase: 'starting' | 'running' | 'cancelling'
  stepPhases: Partial<Record<StepId, StepPhase>>
  /** SM% samples from progress events while step 4 runs, for the live chart. */
  samples: LiveSample[]
  /** The probe stage under way ('import-torch', 'workload:conv' …) and the core's words for it. */
  stage: string
  message: string
  /** While waiting for another diagnosis: who holds the machine (another window, or another program). */
  holder?: DiagnosisProgress['holder']
}

/** A run this window did not start, seen by its events (another window of the same server). */
export interface OtherRun {
  runId: string
  /** ISO start of that run, when the core said it. */
  startedAt: string | null
  step: StepId | null
}

export type Notice =
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }
  | { kind: 'start-error'; message: string; code: string; details: Record<string, string> }
  /** No diagnosis:done came (the connection dropped, or the core forgot the run). */
  | { kind: 'lost' }

/** The value of the interpreter picker that means "the path typed in the text field". */
export const OTHER = '\u0000other'

/** The Python of the last diagnosis that completed, chosen again at the next start. */
export const PYTHON_KEY = 'gpu-doctor.python'

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

function readRemembered(storage: KeyValueStorage | null): string | null {
  try {
    const value = storage?.getItem(PYTHON_KEY)
    return value ? value : null
  } catch {
    return null
  }
}

export interface DiagnosisStoreState {
  interpreters: Interpreter[] | null
  interpretersError: IpcError | null
  loadingInterpreters: boolean
  /** A listed interpreter's path, or OTHER. Empty until the list arrives. */
  selected: string
  otherPath: string
  disableCudnn: boolean
  run: RunState | null
  /** A diagnosis another window started that is under way now; null when none is seen. */
  otherRun: OtherRun | null
  /** Results by step; a single-step run replaces only its own. */
  results: Partial<Record<StepId, StepResult>>
  /** The Python the results were measured with: a run with another one starts from no results. */
  resultsPython: string | null
  environment: Environment | null
  finishedAt: string | null
  /** The diagnosis on screen (results of every step shown, with the environment of the last run): what Copy and Save report. */
  shown: Diagnosis | null
  notice: Notice | null
  /** What became of the last run's save to the history: why it failed, or how many old entries it deleted. */
  save: { error: SaveFailure | null; pruned: number; keeps: number } | null
  /** The hardware preflight shown above the steps: the last answer of health:check. */
  health: Async<HealthResult>
  /** The check in flight runs GPU Doctor's own load first (it takes ten seconds or more, not one). */
  healthUnderLoad: boolean

  setLoadingInterpreters(): void
  setInterpreters(list: Interpreter[]): void
  setInterpretersError(error: IpcError): void
  select(value: string): void
  setOtherPath(path: string): void
  setDisableCudnn(value: boolean): void
  /** Begins a run of `steps` (all five when omitted); false when one is already under way or no Python is chosen. */
  runRequested(steps?: readonly StepId[]): boolean
  runStarted(runId: string): void
  runStartFailed(error: IpcError): void
  progress(event: DiagnosisProgress): void
  /** The core says these runs are under way now (a window opened mid-run): one not this window's is another's. */
  runsUnderWay(runs: ReadonlyArray<{ runId: string; startedAt: string }>): void
  done(event: DiagnosisDone): void
  cancelRequested(): void
  /** Back to idle without a result: the run is gone (cancel answered "unknown run", or no answer came). */
  runLost(): void
  /** The newest saved diagnosis, shown after a reload as the last result; ignored once a run started or a result is there. */
  restored(diagnosis: InvokeResult<'history:load'>): void
  healthRequested(underLoad?: boolean): void
  healthChecked(result: HealthResult): void
  healthFailed(error: IpcError): void
}

export const MAX_LIVE_SAMPLES = 5000
const MAX_BUFFERED = 2000

/** Probe stages that the core leaves without a step. */
const STEP_OF_STAGE: Record<string, StepId> = { 'workload:cudnn-maps': 'ldd-linkage' }

/** The default choice: the first interpreter with a torch that can use a GPU, else with any torch, else the first that runs, else the first. */
export function defaultInterpreter(list: readonly Interpreter[]): string {
  const pick =
    list.find((i) => i.torchLocation && i.torchBuild !== 'cpu' && !i.error) ?? list.find((i) => i.torchLocation && !i.error) ?? list.find((i) => !i.error) ?? list[0]
  return pick?.path ?? OTHER
}

/** The Python the next run will use, or null when none is chosen. */
export function chosenPython(state: Pick<DiagnosisStoreState, 'selected' | 'otherPath'>): string | null {
  if (state.selected === OTHER || state.selected === '') {
    const typed = state.otherPath.trim()
    return typed === '' ? null : typed
  }
  return state.selected
}

/**
 * Applies one progress event: its step runs, the requested steps before it are measured. The probe
 * works through the steps in order; the verdicts only come with diagnosis:done.
 */
export function applyProgress(run: RunState, event: DiagnosisProgress): RunState {
  // SM samples flow from before the probe starts (the idle baseline): they move no step on.
  const step = event.stage === 'sample' ? null : (event.step ?? STEP_OF_STAGE[event.stage] ?? null)
  const stepPhases = { ...run.stepPhases }
  if (event.stage === 'done') {
    for (const id of run.steps) stepPhases[id] = 'done'
  } else if (step) {
    // A step outside the run still moves the run on: the ones before it are measured.
    const at = STEP_IDS.indexOf(step)
    for (const id of run.steps) {
      const i = STEP_IDS.indexOf(id)
      if (i < at) stepPhases[id] = 'done'
      else if (i === at) stepPhases[id] = 'running'
    }
  }
  let samples = run.samples
  if (event.sample) {
    samples = samples.concat({ time: event.sample.time, gpu: event.sample.gpu, sm: event.sample.sm })
    if (samples.length > MAX_LIVE_SAMPLES) samples = samples.slice(samples.length - MAX_LIVE_SAMPLES)
  }
  const [stage, message] = event.stage === 'sample' ? [run.stage, run.message] : [event.stage, event.message]
  const holder = event.stage === 'sample' ? run.holder : event.holder
  return { ...run, stepPhases, samples, stage, message, holder, phase: run.phase === 'starting' ? 'running' : run.phase }
}

export function createDiagnosisStore(storage: KeyValueStorage | null = null) {
  // Events of a run whose id is not known yet (the core emits before diagnosis:start answers).
  let buffered: Array<{ kind: 'progress'; event: DiagnosisProgress } | { kind: 'done'; event: DiagnosisDone }> = []

  const store = createStore<DiagnosisStoreState>()((set, get) => {
    const finish = (patch: Partial<DiagnosisStoreState>) => set({ run: null, ...patch })

    const handleDone = (event: DiagnosisDone) => {
      const run = get().run
      // A cancelled run's verdicts are the cancellation's side effects, not a diagnosis: drop them.
      if (run?.phase === 'cancelling') return finish({ notice: { kind: 'cancelled' } })
      if (event.kind === 'failed') return finish({ notice: { kind: 'failed', message: event.message } })
      const results = { ...get().results }
      for (const step of event.diagnosis.steps) results[step.id] = step
      if (run?.python) {
        try {
          storage?.setItem(PYTHON_KEY, run.python)
        } catch {
          // Not remembered; the run itself stands.
        }
      }
      const save = { error: event.saveError ?? null, pruned: event.pruned ?? 0, keeps: event.keeps ?? 0 }
      const shown = { ...event.diagnosis, steps: STEP_IDS.flatMap((id) => (results[id] ? [results[id]] : [])) }
      finish({
        shown,
        results,
        resultsPython: run?.python ?? null,
        environment: event.diagnosis.environment,
        finishedAt: event.diagnosis.finishedAt,
        notice: null,
        save: save.error || save.pruned > 0 ? save : null,
      })
    }

    return {
      restored: (diagnosis) => {
        const state = get()
        if (state.run || state.finishedAt !== null) return
        const results: DiagnosisStoreState['results'] = {}
        for (const step of diagnosis.steps) results[step.id] = step
        set({ results, resultsPython: diagnosis.environment.python ?? null, environment: diagnosis.environment, finishedAt: diagnosis.finishedAt, shown: diagnosis })
      },
      otherRun: null,
      interpreters: null,
      interpretersError: null,
      loadingInterpreters: false,
      selected: '',
      otherPath: '',
      disableCudnn: false,
      run: null,
      results: {},
      resultsPython: null,
      environment: null,
      finishedAt: null,
      shown: null,
      notice: null,
      save: null,
      health: idle(),
      healthUnderLoad: false,

      setLoadingInterpreters: () => set({ loadingInterpreters: true }),
      setInterpreters: (list) => {
        const { selected } = get()
        // Keep a choice the user made if it is still there.
        const keep = selected === OTHER || list.some((i) => i.path === selected)
        if (keep) return set({ interpreters: list, interpretersError: null, loadingInterpreters: false })
        // First list of this session: the Python of the last completed diagnosis, listed or typed.
        const remembered = selected === '' ? readRemembered(storage) : null
        const choice =
          remembered === null
            ? { selected: defaultInterpreter(list) }
            : list.some((i) => i.path === remembered)
              ? { selected: remembered }
              : { selected: OTHER, otherPath: remembered }
        set({ interpreters: list, interpretersError: null, loadingInterpreters: false, ...choice })
      },
      setInterpretersError: (interpretersError) => set({ interpretersError, loadingInterpreters: false }),
      select: (selected) => set({ selected }),
      // Typing a path chooses it; focusing the empty box (Tab) does not, or Tab would disable Run.
      setOtherPath: (otherPath) => set(otherPath.trim() === '' ? { otherPath } : { otherPath, selected: OTHER }),
      setDisableCudnn: (disableCudnn) => set({ disableCudnn }),

      runRequested: (steps) => {
        const state = get()
        const python = chosenPython(state)
        if (state.run || python === null) return false
        const ids = STEP_IDS.filter((id) => !steps || steps.includes(id))
        buffered = []
        // Results of another interpreter never stand under this one, not even after a cancel.
        const otherPython = state.resultsPython !== null && state.resultsPython !== python
        set({
          ...(otherPython ? { results: {}, resultsPython: null, environment: null, finishedAt: null, shown: null } : {}),
          run: {
            runId: null,
            steps: ids,
            python,
            startedAt: Date.now(),
            phase: 'starting',
            stepPhases: Object.fromEntries(ids.map((id) => [id, 'pending'])),
            samples: [],
            stage: '',
            message: '',
          },
          notice: null,
          save: null,
        })
        return true
      },

      runStarted: (runId) => {
        const run = get().run
        if (!run) return
        set({ run: { ...run, runId, phase: run.phase === 'cancelling' ? 'cancelling' : 'running' } })
        const mine = buffered.filter((b) => b.event.runId === runId)
        buffered = []
        for (const b of mine) {
          if (b.kind === 'progress') get().progress(b.event)
          else handleDone(b.event)
        }
      },

      runStartFailed: (error) => {
        buffered = []
        finish({ notice: { kind: 'start-error', message: error.message, code: error.code, details: error.details ?? {} } })
      },

      progress: (event) => {
        const run = get().run
        if (!run || (run.runId !== null && event.runId !== run.runId)) {
          // Another window's run: said, so that this one does not look idle while the GPUs are loaded.
          const before = get().otherRun
          const step = event.stage === 'sample' ? (before?.runId === event.runId ? before.step : null) : (event.step ?? STEP_OF_STAGE[event.stage] ?? null)
          if (event.runId && event.stage !== 'done') set({ otherRun: { runId: event.runId, startedAt: event.runStartedAt ?? null, step: step ?? (before?.runId === event.runId ? before.step : null) } })
          return
        }
        if (run.runId === null) {
          if (buffered.length < MAX_BUFFERED) buffered.push({ kind: 'progress', event })
          return
        }
        if (event.runId !== run.runId) return
        set({ run: applyProgress(run, event) })
      },

      runsUnderWay: (runs) => {
        const own = get().run
        // A run whose id this window does not know yet may be its own: only a known id tells them apart.
        if (own && own.runId === null) return
        const other = runs.find((r) => r.runId !== own?.runId)
        if (other && get().otherRun?.runId !== other.runId) set({ otherRun: { runId: other.runId, startedAt: other.startedAt, step: null } })
      },

      done: (event) => {
        if (get().otherRun?.runId === event.runId) set({ otherRun: null })
        const run = get().run
        if (run && run.runId === null) {
          buffered.push({ kind: 'done', event })
          return
        }
        if (run && event.runId === run.runId) handleDone(event)
      },

      cancelRequested: () => {
        const run = get().run
        if (!run || run.phase === 'cancelling') return
        set({ run: { ...run, phase: 'cancelling' } })
      },

      runLost: () => {
        const run = get().run
        if (!run) return
        buffered = []
        finish({ notice: run.phase === 'cancelling' ? { kind: 'cancelled' } : { kind: 'lost' } })
      },

      healthRequested: (underLoad = false) => set({ health: loading(get().health), healthUnderLoad: underLoad }),
      healthChecked: (result) => set({ health: loaded(result) }),
      // A failed check replaces the previous result: it no longer describes the machine.
      healthFailed: (error) => set({ health: failed(idle(), error) }),
    }
  })
  return store
}

export type DiagnosisStore = ReturnType<typeof createDiagnosisStore>
