import type { RecommendResult } from '../../shared/recommend'
import { connectEngine } from '../platform/docker/connect'

/**
 * `recommend` asks the engine only as an extra: a missing socket fails at once, a slow one is not
 * waited on longer than this (Podman's /version took up to 2.5 s on a loaded 2-core machine).
 */
export const RECOMMEND_ENGINE_TIMEOUT_MS = 3_000

/**
 * The NVIDIA Container Toolkit install this machine's engine needs before `docker run --gpus all`
 * can start: null when the engine has a GPU path (nvidia runtime, CDI, Podman) or did not answer.
 */
export async function engineGpuSetupFor(env: NodeJS.ProcessEnv, timeoutMs = RECOMMEND_ENGINE_TIMEOUT_MS): Promise<RecommendResult['engineGpuSetup'] | null> {
  const connection = await connectEngine(env, timeoutMs)
  return connection.ok ? connection.info.gpuSetup : null
}
