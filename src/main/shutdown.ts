// Quitting waits for the core to stop its child processes, but never forever.

/**
 * Wraps `task` so that it runs at most once: every call returns the same promise, which settles
 * when the task does or after `timeoutMs`, whichever is first. It never rejects; failures and
 * timeouts go to `report`.
 */
export function onceWithDeadline(
  task: () => Promise<void>,
  timeoutMs: number,
  report: (message: string) => void = (message) => console.error(message),
): () => Promise<void> {
  let running: Promise<void> | null = null
  return () => {
    running ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        report(`gpu-doctor: shutdown did not finish within ${timeoutMs} ms; quitting anyway`)
        resolve()
      }, timeoutMs)
      let started: Promise<void>
      try {
        started = task()
      } catch (error) {
        started = Promise.reject(error)
      }
      started
        .catch((error: unknown) => report(`gpu-doctor: shutdown failed: ${String(error)}`))
        .finally(() => {
          clearTimeout(timer)
          resolve()
        })
    })
    return running
  }
}
