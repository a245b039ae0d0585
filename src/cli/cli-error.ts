export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2
export const EXIT_ENVIRONMENT = 3

const BRAND = Symbol.for('gpu-doctor.CliError')

/**
 * An error the CLI prints as one line on stderr (no stack) and exits with. Recognised by a brand,
 * not by class identity: each command is bundled in its own file with its own copy of this class.
 */
export class CliError extends Error {
  readonly [BRAND] = true

  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message)
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
  }
}
