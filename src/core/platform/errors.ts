import type { DockerProblem } from '../../shared/docker'
import type { GpuProblem } from '../../shared/gpu'

/** The host has no Python to run the probe with, and none was named. */
export class NoPythonError extends Error {
  constructor() {
    super('No Python interpreter was found on this machine. Name one with --python (or pick one in the app).')
    this.name = 'NoPythonError'
  }
}

/** A container target cannot run (bad name, engine down, image missing...): the explained problem. */
export class ContainerProblemError extends Error {
  constructor(readonly problem: DockerProblem) {
    super(`${problem.message} ${problem.fix}`.trim())
    this.name = 'ContainerProblemError'
  }
}

/** The run was cancelled by its caller; nothing it produced is shown or saved. */
export class CancelledError extends Error {
  readonly code = 'cancelled'
  constructor() {
    super('cancelled')
    this.name = 'CancelledError'
  }
}

export type BadInterpreterReason = 'missing' | 'directory' | 'does-not-run'

/** The Python named for a run does not exist or does not run: refused before any step, never saved. */
export class BadInterpreterError extends Error {
  readonly code = 'bad-interpreter'
  constructor(
    readonly python: string,
    readonly reason: BadInterpreterReason,
    readonly detail: string,
  ) {
    const why = reason === 'missing' ? 'there is no such file' : reason === 'directory' ? 'it is a folder, not a program' : `it does not run (${detail})`
    super(`Python ${python} cannot run the diagnosis: ${why}. Pick another interpreter or fix the path.`)
    this.name = 'BadInterpreterError'
  }

  /** What a front end needs to say it in its own language. */
  get details(): Record<string, string> {
    return { python: this.python, reason: this.reason, detail: this.detail }
  }
}

/** nvidia-smi could not be read (missing, no driver, timeout…): the explained problem, for a front end to say in its language. */
export class GpuProblemError extends Error {
  readonly code = 'gpu-problem'
  constructor(readonly problem: GpuProblem) {
    super(problem.message)
    this.name = 'GpuProblemError'
  }

  /** The problem's fields (`checked` one per line): the message and fix by `messageKey`, with what was tried. */
  get details(): Record<string, string> {
    const p = this.problem
    return { problemCode: p.code, failureModeId: p.failureModeId ?? '', messageKey: p.messageKey, fix: p.fix, detail: p.detail, checked: p.checked.join('\n') }
  }
}

/**
 * A front end asked to run a program as "the Python" that neither interpreter discovery found nor
 * the user chose (in the app's own dialog, or on serve's command line): refused before it runs.
 * `howToAllow` says which: 'confirm' (the app asked and the user said no), 'serve-option'.
 */
export class InterpreterNotAllowedError extends Error {
  readonly code = 'interpreter-not-allowed'
  constructor(
    readonly python: string,
    readonly howToAllow: 'confirm' | 'serve-option',
  ) {
    const how = howToAllow === 'serve-option' ? 'start the server with `gpu-doctor serve --python PATH`' : 'pick it from the list, or type its path and confirm it in the dialog that asks'
    super(`GPU Doctor runs only a Python it found on this machine or one you chose: ${python.slice(0, 200)} is neither. To use it, ${how}.`)
    this.name = 'InterpreterNotAllowedError'
  }

  get details(): Record<string, string> {
    return { python: this.python.slice(0, 200), howToAllow: this.howToAllow }
  }
}
