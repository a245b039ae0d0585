import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import type { MonitorSample, MonitorState } from '../../../../src/shared/gpu'
import { createLiveMonitor, describeSampler, type LiveMonitor } from '../../../../src/core/platform/nvml/live-monitor'
import { NvmlSampler } from '../../../../src/core/platform/nvml/nvml-sampler'
import { buildFakeNvml } from '../../../helpers/fake-nvml'
import { FAKE_SMI, fakeSmiEnv } from '../../../helpers/fake-smi'

/** Starts a monitor, collects `count` samples and the running state, then stops it. */
async function collect(monitor: LiveMonitor, count: number): Promise<{ samples: MonitorSample[]; running: MonitorState | undefined }> {
  const samples: MonitorSample[] = []
  let running: MonitorState | undefined
  monitor.on('state', (s) => {
    if (s.kind === 'running') running = s
  })
  await new Promise<void>((resolve) => {
    monitor.on('sample', (s) => {
      samples.push(s)
      if (samples.length === count) resolve()
    })
    monitor.start()
  })
  await monitor.stop()
  return { samples, running }
}

describe('NVML through koffi, against a stand-in libnvidia-ml', () => {
  it('reads every GPU in the stream sample shape, and per-process utilisation (newest sample per process)', async () => {
    const opened = await NvmlSampler.open({ GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml() })
    if (!opened.ok) throw new Error(JSON.stringify(opened.unavailable))
    const sampler = opened.sampler
    expect(sampler.devices.map((d) => [d.index, d.name, d.uuid])).toEqual([
      [0, 'Fake NVIDIA H100 80GB HBM3', 'GPU-fake-0000-0000'],
      [1, 'Fake NVIDIA H100 80GB HBM3', 'GPU-fake-0000-0001'],
    ])
    const sample = sampler.sample(true)
    expect(sample.gpus[0]).toEqual({
      index: 0,
      utilizationGpu: 42,
      utilizationMemory: 17,
      // nvmlMemory_v2_t's used (1024 MiB + 123 bytes), not v1's which counts the 500 MiB reservation.
      memoryUsedMiB: 1024,
      memoryTotalMiB: 81559,
      temperatureC: 35,
      powerW: 123.456,
      powerLimitW: 700,
      smClockMHz: 1980,
    })
    expect(sample.gpus[1]!.utilizationGpu).toBe(43)
    expect(sample.processes).toEqual([
      { gpuIndex: 0, pid: 4242, smUtil: 93, memUtil: 40, encUtil: 0, decUtil: 0 },
      { gpuIndex: 0, pid: 777, smUtil: 3, memUtil: 1, encUtil: 2, decUtil: 4 },
    ])
    const gpu0 = sampler.devices[0]!
    expect(sampler.computeProcesses(gpu0)).toEqual([{ pid: 4242, usedMemoryMiB: 512, gpuInstanceId: null, computeInstanceId: null }])
    expect(sampler.clocksEventReasons(gpu0)).toBe(0x5n)
    // The stand-in blocks 20 ms per counter like the real one; the event loop stays free meanwhile.
    let ticks = 0
    const timer = setInterval(() => ticks++, 2)
    expect(await sampler.pcieThroughput(gpu0)).toEqual({ txKBps: 1000, rxKBps: 2000 })
    clearInterval(timer)
    expect(ticks).toBeGreaterThan(0)
    sampler.close()
    expect(() => sampler.sample()).toThrow(/closed/)
  })

  it('the live monitor uses NVML when it opens, says so, and reads processes only every few seconds', async () => {
    const env = fakeSmiEnv('h200-x1', { GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml(), GPU_DOCTOR_SAMPLER: 'nvml' })
    const monitor = await createLiveMonitor({ intervalMs: 100, env, processPeriodMs: 10_000 })
    const { samples, running } = await collect(monitor, 3)
    expect(running).toMatchObject({ kind: 'running', pid: null, source: { kind: 'nvml', fallback: null } })
    expect(samples.map((s) => s.gpus.length)).toEqual([2, 2, 2])
    expect(samples.map((s) => s.processes !== undefined)).toEqual([true, false, false])
  })
})

describe('what the NVML live monitor asks the driver for (calls counted by the stand-in)', () => {
  /** Runs a monitor for `count` samples with the stand-in's environment set, and returns the calls it logged. */
  async function callsDuring(count: number, extra: Record<string, string>, processPeriodMs: number): Promise<{ samples: MonitorSample[]; calls: string[] }> {
    const log = join(mkdtempSync(join(tmpdir(), 'gd-nvml-calls-')), 'calls.txt')
    // The stand-in runs in this process and reads this process's environment.
    Object.assign(process.env, { FAKE_NVML_CALLS: log, ...extra })
    try {
      const env = fakeSmiEnv('h200-x1', { GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml(), GPU_DOCTOR_SAMPLER: 'nvml' })
      const monitor = await createLiveMonitor({ intervalMs: 100, env, processPeriodMs })
      const { samples } = await collect(monitor, count)
      return { samples, calls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [] }
    } finally {
      for (const k of ['FAKE_NVML_CALLS', ...Object.keys(extra)]) delete process.env[k]
    }
  }
  const count = (calls: string[], name: string) => calls.filter((c) => c === name).length

  it('idle GPUs: per-process utilisation is read once, then skipped, and reported as no process busy', async () => {
    const { samples, calls } = await callsDuring(5, { FAKE_NVML_IDLE: '1' }, 100)
    expect(samples.every((s) => s.gpus.every((g) => g.utilizationGpu === 0))).toBe(true)
    // The first reading is taken (nothing known yet) for both GPUs; every later one is skipped.
    expect(count(calls, 'nvmlDeviceGetProcessUtilization')).toBe(2)
    expect(samples.slice(1).filter((s) => s.processes !== undefined).every((s) => s.processes!.length === 0)).toBe(true)
  })

  it('busy GPUs: per-process utilisation is read at every period, with the busy processes', async () => {
    const { samples, calls } = await callsDuring(5, {}, 100)
    const readings = samples.filter((s) => s.processes !== undefined)
    expect(readings.length).toBeGreaterThanOrEqual(3)
    expect(count(calls, 'nvmlDeviceGetProcessUtilization')).toBe(readings.length * 2)
    expect(readings.at(-1)!.processes!.map((p) => p.pid)).toEqual([4242, 777])
  })

  it('reads the enforced power limit once per GPU for samples within 5 s, utilisation every sample', async () => {
    const { samples, calls } = await callsDuring(6, {}, 10_000)
    expect(samples.every((s) => s.gpus.every((g) => g.powerLimitW === 700))).toBe(true)
    expect(count(calls, 'nvmlDeviceGetEnforcedPowerLimit')).toBe(2)
    expect(count(calls, 'nvmlDeviceGetUtilizationRates')).toBe(12)
  })
})

describe('falling back to the nvidia-smi stream, with the reason', () => {
  const fallback = async (extra: Record<string, string>) => {
    const monitor = await createLiveMonitor({ intervalMs: 100, env: fakeSmiEnv('h200-x2', { GPU_DOCTOR_SAMPLER: 'nvml', ...extra }) })
    const { samples, running } = await collect(monitor, 2)
    // The stream still feeds the panel: both GPUs of the 2×H200 capture.
    expect(samples[0]!.gpus.map((g) => g.index)).toEqual([0, 1])
    expect(running?.kind === 'running' && running.pid).toBeGreaterThan(0)
    return running?.kind === 'running' ? running.source : undefined
  }

  it('no NVML library', async () => {
    const source = await fallback({ GPU_DOCTOR_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1' })
    expect(source).toMatchObject({ kind: 'nvidia-smi', path: FAKE_SMI, fallback: { key: 'sampler.fallback.libraryMissing' } })
    expect(source?.fallback?.params.detail).toMatch(/\/nonexistent\/libnvidia-ml\.so\.1: .*No such file/)
  })

  it('a library without a function the sampler needs (an old driver)', async () => {
    const source = await fallback({ GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml('noCount') })
    expect(source?.fallback).toMatchObject({ key: 'sampler.fallback.symbolMissing', params: { symbol: 'nvmlDeviceGetCount_v2' } })
  })

  it('nvmlInit failing (driver not loaded), named as nvml.h names it', async () => {
    // The stand-in runs in this process: it reads this process's environment, not the env passed on.
    process.env.FAKE_NVML_INIT_RETURN = '9'
    const source = await fallback({ GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml() }).finally(() => delete process.env.FAKE_NVML_INIT_RETURN)
    expect(source?.fallback).toMatchObject({ key: 'sampler.fallback.initFailed', params: { error: 'NVML_ERROR_DRIVER_NOT_LOADED (9)' } })
  })

  it('an nvidia-smi chosen explicitly, or GPU_DOCTOR_SAMPLER=nvidia-smi, is used as asked', async () => {
    const lib = buildFakeNvml()
    const explicit = await describeSampler({ intervalMs: 100, env: fakeSmiEnv('h200-x1', { GPU_DOCTOR_NVML_LIBRARY: lib }) })
    expect(explicit).toMatchObject({ kind: 'nvidia-smi', fallback: { key: 'sampler.fallback.explicitSmi', params: { path: FAKE_SMI } } })
    const off = await describeSampler({ intervalMs: 100, env: { ...process.env, GPU_DOCTOR_NVML_LIBRARY: lib, GPU_DOCTOR_SAMPLER: 'nvidia-smi' } })
    expect(off.fallback?.key).toBe('sampler.fallback.disabled')
    const on = await describeSampler({ intervalMs: 100, env: { ...process.env, GPU_DOCTOR_NVML_LIBRARY: lib } })
    expect(on).toEqual({ kind: 'nvml', path: lib, fallback: null })
  })
})
