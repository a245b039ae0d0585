import { dockerProcessNamer } from '../platform/docker/name-gpu-processes'
import { diagnoseAndSave, type DiagnoseAndSaveOptions, type DiagnoseAndSaveResult } from './diagnose-and-save'
import { prepareImageTarget, type ImageTargetOptions } from './image-target'
import { resolvePython, type InterpreterAllowlist } from './resolve-python'

export interface DiagnosisTarget {
  /** The Python the user named: on the host, or inside the image with `container`; absent: the default. */
  python?: string | null
  allowlist?: InterpreterAllowlist
  /** Run the probe in a container of this image instead of on the host. */
  container?: ImageTargetOptions | null
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
}

export type DiagnosisRunOptions = Omit<DiagnoseAndSaveOptions, 'python' | 'runner' | 'nvidiaSmiPath' | 'env'>

export interface PreparedDiagnosis {
  /** The Python the run uses (on the host: checked; in a container: its name there). */
  python: string
  /** Prepares the container (if any: ContainerProblemError when it cannot run), then runs, checks and saves the diagnosis. */
  run(options: DiagnosisRunOptions): Promise<DiagnoseAndSaveResult>
}

/**
 * A diagnosis as `gpu-doctor diagnose` and the app start one, in two steps: first what it runs
 * with is settled and a Python that will not run is refused (before a front end says a run has
 * started), then `run`. Other GPU processes are named by their containers unless told otherwise.
 */
export async function prepareDiagnosis(target: DiagnosisTarget): Promise<PreparedDiagnosis> {
  const { container, nvidiaSmiPath, env } = target
  const python = await resolvePython({ explicit: target.python, inContainer: Boolean(container), allowlist: target.allowlist, env })
  return {
    python,
    async run(options) {
      const runner = container ? await prepareImageTarget({ ...container, nvidiaSmiPath, env }) : undefined
      return diagnoseAndSave({ ...options, nameProcesses: options.nameProcesses ?? dockerProcessNamer(env), python, runner, nvidiaSmiPath, env })
    },
  }
}
