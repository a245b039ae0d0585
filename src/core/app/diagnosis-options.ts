// The values a diagnosis takes by default, and the form of the GPUs it may be asked to load.
export { DEFAULT_SUSTAIN_SECONDS } from '../domain/diagnosis/diagnosis-defaults'
export { GPU_SELECTION } from '../domain/diagnosis/gpu-selection'
