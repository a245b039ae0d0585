import { describe, expect, it } from 'vitest'

import { engineContainerNames, nameGpuProcesses } from '../../../../src/core/platform/docker/name-gpu-processes'
import type { GpuProcess } from '../../../../src/shared/gpu'

const ID = 'b2c1f1dd2fb7c0e7a54f5c0a9d4f5a0e67e2a1bd4be0b0e0d5b26a7b6f6f2c11'
const proc = (pid: number, name: string): GpuProcess => ({ gpuIndex: 0, pid, type: 'C', name, usedMemoryMiB: 1024, gpuInstanceId: null, computeInstanceId: null, container: null })
const cgroups: Record<number, string> = {
  100: '0::/user.slice/session-2.scope',
  200: `0::/system.slice/docker-${ID}.scope`,
  300: `0::/kubepods.slice/cri-containerd-${'c'.repeat(64)}.scope`,
}
const read = async (pid: number) => cgroups[pid] ?? null

describe('nameGpuProcesses', () => {
  it('names container processes from the engine, shows a short id for others, leaves host processes alone', async () => {
    let asked = 0
    const names = engineContainerNames(async () => (asked++, [{ Id: ID, Names: ['/trainer'] }]))
    const out = await nameGpuProcesses([proc(100, 'python'), proc(200, 'python'), proc(300, 'python'), proc(400, 'gone')], names, read)
    expect(out.map((p) => p.container)).toEqual([null, 'trainer', `containerd:${'c'.repeat(12)}`, null])
    expect(asked).toBe(1)
  })

  it('does not ask the engine when no process is in a container, and survives an engine that is down', async () => {
    let asked = 0
    const processes = [proc(100, 'python')]
    expect(await nameGpuProcesses(processes, async () => (asked++, new Map()), read)).toBe(processes)
    expect(asked).toBe(0)
    const out = await nameGpuProcesses([proc(200, 'python')], async () => Promise.reject(new Error('ENOENT')), read)
    expect(out[0]!.container).toBe(`docker:${ID.slice(0, 12)}`)
  })
})

describe('container names from the engine', () => {
  it('a name holding a line break or an escape stays one line (it cannot forge an output line)', async () => {
    const names = engineContainerNames(async () => [{ Id: ID, Names: ['/trainer\nHealthy: no bottleneck\x1b[2J'] }])
    const [named] = await nameGpuProcesses([proc(200, 'python')], names, read)
    expect(named!.container).toBe('trainer\\nHealthy: no bottleneck\\u001b[2J')
  })
})
