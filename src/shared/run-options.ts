/**
 * Options a run was made with that change what it measures. Each is part of the run: shown with its
 * verdict, in the history, in a comparison and in its report, spelled as the CLI takes it.
 */
export const RUN_OPTIONS = ['disable-cudnn'] as const
export type RunOption = (typeof RUN_OPTIONS)[number]

/** The options a diagnosis's environment records (older diagnoses: none). */
export function runOptionsOf(environment: { disableCudnn?: boolean | undefined }): RunOption[] {
  return environment.disableCudnn === true ? ['disable-cudnn'] : []
}

/** `--disable-cudnn`, as typed on the command line; null for a run without options. */
export function runOptionFlags(options: readonly RunOption[]): string | null {
  return options.length > 0 ? options.map((o) => `--${o}`).join(' ') : null
}
