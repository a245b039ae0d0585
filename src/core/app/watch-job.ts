import type { WatchResult } from '../../shared/watch'
import { containerMainPid } from '../domain/watch/container-pid'
import { watchJob as watchPid, type WatchOptions } from '../domain/watch/watch'

export interface WatchJobOptions extends Omit<WatchOptions, 'pid' | 'container'> {
  /** The job: its process, or the container whose main process it is. */
  job: { pid: number } | { container: string }
  /** The job's process is known and the watch begins. */
  onWatching?: (pid: number) => void
}

/**
 * `gpu-doctor watch` and the app's Watch page: a running job watched for `seconds`, then what bounds
 * it, with the evidence. WatchError when it cannot be watched (no such process or container, not on
 * a GPU...), GpuProblemError when nvidia-smi cannot be read.
 */
export async function watchJob(options: WatchJobOptions): Promise<WatchResult> {
  const { job, onWatching, ...watch } = options
  const pid = 'container' in job ? await containerMainPid(job.container, options.env) : job.pid
  onWatching?.(pid)
  return watchPid({ ...watch, pid, container: 'container' in job ? job.container : null })
}
