import type { TFunction } from 'i18next'

import type { DockerProblem } from '../../shared/docker'
import { CliError, EXIT_ENVIRONMENT, EXIT_USAGE } from '../cli-error'
import { findingText } from './finding-view'

/** A Docker problem in the reader's language where the catalog has it, with the fix and what was tried. */
export function dockerProblemText(problem: DockerProblem, t: TFunction): string {
  const id = problem.failureModeId
  const { message, fix } = id ? findingText({ id, message: problem.message, fix: problem.fix }, t) : problem
  const lines = [message]
  if (fix) lines.push(`  ${t('label.fix')}: ${fix}`)
  if (problem.detail && problem.detail !== message) lines.push(`  ${t('label.detail')}: ${problem.detail.split('\n')[0]}`)
  if (id) lines.push(`  ${t('label.failureMode')}: ${id}`)
  return lines.join('\n')
}

/** The CLI error for a Docker problem: a bad image name is a usage error, the rest the environment's. */
export function dockerCliError(problem: DockerProblem, t: TFunction): CliError {
  return new CliError(dockerProblemText(problem, t), problem.code === 'invalid-reference' ? EXIT_USAGE : problem.code === 'cancelled' ? 130 : EXIT_ENVIRONMENT)
}
