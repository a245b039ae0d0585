import { readGpuState } from '../platform/nvidia-smi/read-status'
import type { HostDriver } from '../domain/container/require-cuda'

/** The host's driver and its CUDA, to judge an image's NVIDIA_REQUIRE_CUDA; nulls without nvidia-smi. */
export async function readHostDriver(options: { nvidiaSmiPath?: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal }): Promise<HostDriver> {
  const state = await readGpuState(options)
  return state.kind === 'ok' ? { driverVersion: state.status.driverVersion, cudaVersion: state.status.cudaVersion } : { driverVersion: null, cudaVersion: null }
}
