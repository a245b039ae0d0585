// The core's typed failures a front end recognises (instanceof) to say them in its own words.
export { BadInterpreterError, CancelledError, ContainerProblemError, GpuProblemError, NoPythonError } from '../platform/errors'
export { InputError } from '../platform/files/read-input'
export { OutputFileError } from '../platform/files/write-output'
export { DiagnosisBusyError, DiagnosisLockStuckError } from '../domain/diagnosis/run-lock'
export { WatchError } from '../domain/watch/errors'
export { SlurmError } from '../platform/slurm/slurm-error'
export { NoChromiumError } from '../domain/report/rendering/pdf'
