import type { TFunction } from 'i18next'

import { BadInterpreterError, CancelledError, ContainerProblemError, DiagnosisBusyError, DiagnosisLockStuckError, InputError, NoPythonError, OutputFileError } from '../core/app/errors'
import { CliError, EXIT_ENVIRONMENT, EXIT_USAGE } from './cli-error'
import { dockerCliError } from './render/docker-problem'
import { formatAge } from '../shared/relative-time'

export const EXIT_CANCELLED = 130

/** A core use case's typed failure as the CLI's message and exit code; anything else passes through. */
export function cliErrorOf(error: unknown, t: TFunction, lang: string, now = Date.now()): unknown {
  if (error instanceof NoPythonError) return new CliError(t('diagnose.noPython'), EXIT_ENVIRONMENT)
  // A path the user typed that is not a Python: a usage error, said before any step runs.
  if (error instanceof BadInterpreterError) return new CliError(t(`diagnose.badPython.${error.reason}`, error.details), EXIT_USAGE)
  if (error instanceof ContainerProblemError) return dockerCliError(error.problem, t)
  if (error instanceof CancelledError) return new CliError('cancelled', EXIT_CANCELLED)
  // The user's input file: a usage error. The output file or folder: the machine's (environment).
  if (error instanceof InputError) {
    if (error.problem === 'unreadable') return new CliError(error.message, EXIT_USAGE)
    const max = error.maxBytes === null ? '' : `${error.maxBytes / 1024 / 1024} MiB`
    return new CliError(t(`input.${error.problem}`, { file: error.source, max }), EXIT_USAGE)
  }
  if (error instanceof OutputFileError) {
    const reason = t(`output.problem.${error.problem}`, { detail: error.detail })
    return new CliError(t('output.notWritten', { file: error.path, reason }), EXIT_ENVIRONMENT)
  }
  // Another diagnosis holds the GPU: the machine is busy, an environment state (exit 3).
  if (error instanceof DiagnosisBusyError)
    return new CliError(t(error.holder ? 'diagnose.busy' : 'diagnose.busyStarting', { ...error.details, ago: formatAge(error.holder?.since ?? null, now, lang) }), EXIT_ENVIRONMENT)
  // A lock left behind that this user cannot remove: the machine's state too, with what to remove.
  if (error instanceof DiagnosisLockStuckError) return new CliError(t('diagnose.lockStuck', error.details), EXIT_ENVIRONMENT)
  return error
}
