// N concurrent GPU state reads, each spawning its own nvidia-smi (what `gpu:get-state` did) against
// the core service's shared read, in one process and one run.
import { createCoreService } from '../../src/core/app/service/core-service'
import { readGpuState } from '../../src/core/platform/nvidia-smi/read-status'
import { INVOKE_CHANNELS } from '../../src/shared/channels'
import { cpuMs } from './cpu-time'

async function timed(read: () => Promise<unknown>, count: number) {
  const before = cpuMs()
  const start = performance.now()
  await Promise.all(Array.from({ length: count }, read))
  const after = cpuMs()
  return { wallMs: performance.now() - start, cpuMs: after.self - before.self + after.children - before.children }
}

export async function benchStateReads(count: number) {
  // One read first, so both sides find nvidia-smi's field list already read.
  await readGpuState({})
  const unshared = await timed(() => readGpuState({}), count)
  const core = createCoreService()
  try {
    const shared = await timed(() => core.invoke(INVOKE_CHANNELS.getGpuState, []), count)
    return { count, unshared, shared }
  } finally {
    await core.dispose()
  }
}
