/** Why Slurm could not be asked at all (the CLI says it in the user's language from `code`). */
export class SlurmError extends Error {
  constructor(
    readonly code: 'not-installed' | 'timeout' | 'refused' | 'no-nodes',
    message: string,
  ) {
    super(message)
    this.name = 'SlurmError'
  }
}
