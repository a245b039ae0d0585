import type { StepId, StepResult } from '../../../shared/diagnosis'
import type { RunState } from './diagnosis-store'

/** Typical step times on a GPU machine (H100/H200, import of torch included in step 1). */
const TYPICAL_MS: Record<StepId, number> = {
  'gpu-visible': 5000,
  'cudnn-loaded': 1500,
  'ldd-linkage': 1500,
  'sm-utilisation': 8000,
  'conv-timing': 12000,
  // One GPU: skipped at once; several: the NCCL processes import torch, then copies and the all-reduce.
  'gpu-links': 3000,
}

/** How long a run of `steps` typically takes: what the live page promises and a run's first estimate both say. */
export function typicalRunMs(steps: readonly StepId[]): number {
  return steps.reduce((sum, id) => sum + TYPICAL_MS[id], 0)
}

export interface RunProgress {
  /** The step under way (1-based among the run's steps), or null before the first one starts. */
  current: { id: StepId; index: number } | null
  total: number
  elapsedMs: number
  /** The whole run's expected time: the last run's step times where known, else typical ones. */
  estimateMs: number
  estimateFrom: 'last-run' | 'typical'
}

export function runProgress(run: RunState, results: Partial<Record<StepId, StepResult>>, now: number): RunProgress {
  const runningId = run.steps.find((id) => run.stepPhases[id] === 'running') ?? null
  const known = run.steps.every((id) => (results[id]?.durationMs ?? 0) > 0)
  const estimateMs = known ? run.steps.reduce((sum, id) => sum + (results[id]?.durationMs ?? 0), 0) : typicalRunMs(run.steps)
  return {
    current: runningId ? { id: runningId, index: run.steps.indexOf(runningId) + 1 } : null,
    total: run.steps.length,
    elapsedMs: Math.max(0, now - run.startedAt),
    estimateMs,
    estimateFrom: known ? 'last-run' : 'typical',
  }
}
