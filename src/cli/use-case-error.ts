import type { TFunction } from 'i18next'

import { BadInterpreterError, CancelledError, ContainerProblemError, NoPythonError } from '../core/use-cases/errors'
import { CliError, EXIT_ENVIRONMENT, EXIT_USAGE } from './cli-error'
import { dockerCliError } from './render/docker-problem'

export const EXIT_CANCELLED = 130

/** A core use case's typed failure as the CLI's message and exit code; anything else passes through. */
export function cliErrorOf(error: unknown, t: TFunction): unknown {
  if (error instanceof NoPythonError) return new CliError(t('diagnose.noPython'), EXIT_ENVIRONMENT)
  // A path the user typed that is not a Python: a usage error, said before any step runs.
  if (error instanceof BadInterpreterError) return new CliError(t(`diagnose.badPython.${error.reason}`, error.details), EXIT_USAGE)
  if (error instanceof ContainerProblemError) return dockerCliError(error.problem, t)
  if (error instanceof CancelledError) return new CliError('cancelled', EXIT_CANCELLED)
  return error
}
