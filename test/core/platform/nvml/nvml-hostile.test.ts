import { describe, expect, it } from 'vitest'

import { NvmlSampler } from '../../../../src/core/platform/nvml/nvml-sampler'
import { runBuiltCli } from '../../../helpers/cli'
import { buildFakeNvml } from '../../../helpers/fake-nvml'
import { fakeSmiEnv } from '../../../helpers/fake-smi'

/** NVML env vars are read by the stand-in library in this process too: set them for one block only. */
async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]))
  Object.assign(process.env, vars)
  try {
    return await run()
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

describe.runIf(process.platform === 'linux')('NVML answers are bounded and checked (issue 26)', () => {
  it('a device count of 0xFFFFFFFF is refused at once as a broken answer, not looped over', async () => {
    const opened = await withEnv({ FAKE_NVML_COUNT: '4294967295' }, () => NvmlSampler.open({ GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml() }))
    expect(opened).toMatchObject({ ok: false, unavailable: { reason: 'init-failed', error: 'nvmlDeviceGetCount_v2 answered 4294967295 GPUs' } })
  })

  it('sentinels (0xFFFFFFFF) read as not available; more processes than the buffer holds never read past it', async () => {
    await withEnv({ FAKE_NVML_HOSTILE: '1' }, async () => {
      const opened = await NvmlSampler.open({ GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml() })
      if (!opened.ok) throw new Error(JSON.stringify(opened.unavailable))
      const sampler = opened.sampler
      try {
        const sample = sampler.sample(true)
        expect(sample.gpus[0]).toMatchObject({ utilizationGpu: null, utilizationMemory: null, temperatureC: null, powerW: null, powerLimitW: null, smClockMHz: null })
        // pid 4242's sample says 0xFFFFFFFF % SM: not a reading. pid 777's is kept.
        expect(sample.processes).toEqual([{ gpuIndex: 0, pid: 777, smUtil: 3, memUtil: 1, encUtil: 2, decUtil: 4 }])
        expect(sampler.computeProcesses(sampler.devices[0]!)).toHaveLength(32)
        expect(sampler.computeProcesses(sampler.devices[1]!)).toBeNull()
      } finally {
        sampler.close()
      }
    })
  })

  it('the CLI: status with a device count of 0xFFFFFFFF ends, and monitor on a hostile NVML shows "–" and never crashes', async () => {
    const lib = buildFakeNvml()
    const status = await runBuiltCli(['status', '--json'], fakeSmiEnv('h200-x1', { GPU_DOCTOR_NVML_LIBRARY: lib, FAKE_NVML_COUNT: '4294967295' }), { timeoutMs: 15_000 })
    expect(status.code, status.stderr).toBe(0)
    const monitor = await runBuiltCli(['monitor', '--count', '2', '--interval', '100'], fakeSmiEnv('h200-x1', { GPU_DOCTOR_NVML_LIBRARY: lib, GPU_DOCTOR_SAMPLER: 'nvml', FAKE_NVML_HOSTILE: '1' }), { timeoutMs: 15_000 })
    expect(monitor.code, monitor.stderr).toBe(0)
    expect(monitor.stdout).not.toContain('4294967295')
  })
})
