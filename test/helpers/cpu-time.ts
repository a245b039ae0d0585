/**
 * CPU time this process has used, in ms: what a piece of work costs, not how long a loaded machine kept
 * it waiting for a core. Timing bounds in tests use it so that they hold on a busy 2-core machine.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** The CPU time `run` takes, in ms. */
export function cpuTimed(run: () => unknown): number {
  const started = cpuMs()
  run()
  return cpuMs() - started
}
