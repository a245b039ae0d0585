import type { DockerProblem } from '../../shared/docker'

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
  constructor() {
    super('cancelled')
    this.name = 'CancelledError'
  }
}
