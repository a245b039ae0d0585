// Verification on a GPU machine (not for users): reads every GPU through GPU Doctor's NVML sampler,
// then the same facts from nvidia-smi, and prints both side by side with the difference; then the
// CPU time of a sample in a tight loop. Usage: node out/bench/verify-nvml.mjs [label] > result.json
import { clocksEventMaskHex, clocksEventReasonNames } from '../../src/core/platform/nvml/nvml-codes'
import { NvmlSampler } from '../../src/core/platform/nvml/nvml-sampler'
import { unavailableMessage } from '../../src/core/platform/nvml/nvml-unavailable'
import { runProcess } from '../../src/core/platform/process/run-process'

const label = process.argv[2] ?? 'run'
const smi = async (args: string[]) => (await runProcess('nvidia-smi', args, { timeoutMs: 15_000 })).stdout.trim()
const csv = (text: string) => text.split('\n').filter(Boolean).map((l) => l.split(',').map((c) => c.trim()))

const opened = await NvmlSampler.open()
if (!opened.ok) {
  process.stdout.write(JSON.stringify({ label, unavailable: opened.unavailable, message: unavailableMessage(opened.unavailable) }, null, 2) + '\n')
  process.exit(1)
}
const sampler = opened.sampler

// Per-process utilisation needs a window to look back over: take one now, read it again below.
sampler.processUtilization()
const fields = ['index', 'name', 'uuid', 'utilization.gpu', 'utilization.memory', 'memory.used', 'memory.total', 'temperature.gpu', 'power.draw', 'power.limit', 'clocks.sm', 'clocks_event_reasons.active']
const sample = sampler.sample(false)
const smiRows = await smi([`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits'])
const rows = csv(smiRows)
const compare = sample.gpus.map((g) => {
  const r = rows.find((row) => Number(row[0]) === g.index) ?? []
  const d = sampler.devices.find((x) => x.index === g.index)!
  const mask = sampler.clocksEventReasons(d)
  const pair = (name: string, nvml: number | string | null, smiValue: string | undefined) => {
    const s = smiValue === undefined ? null : Number.isFinite(Number(smiValue)) ? Number(smiValue) : smiValue
    const diff = typeof nvml === 'number' && typeof s === 'number' ? Number((nvml - s).toFixed(3)) : nvml === s ? 0 : null
    return { field: name, nvml, nvidiaSmi: s, diff }
  }
  return {
    index: g.index,
    fields: [
      pair('name', d.name, r[1]),
      pair('uuid', d.uuid, r[2]),
      pair('utilization.gpu %', g.utilizationGpu, r[3]),
      pair('utilization.memory %', g.utilizationMemory, r[4]),
      pair('memory.used MiB', g.memoryUsedMiB, r[5]),
      pair('memory.total MiB', g.memoryTotalMiB, r[6]),
      pair('temperature.gpu C', g.temperatureC, r[7]),
      pair('power.draw W', g.powerW, r[8]),
      pair('power.limit W', g.powerLimitW, r[9]),
      pair('clocks.sm MHz', g.smClockMHz, r[10]),
      pair('clocks_event_reasons.active', mask === null ? null : clocksEventMaskHex(mask), r[11]),
    ],
    clocksEventReasons: mask === null ? null : clocksEventReasonNames(mask),
    memoryBytes: (({ totalBytes, usedBytes, freeBytes, reservedBytes }) => ({ total: String(totalBytes), used: String(usedBytes), free: String(freeBytes), reserved: String(reservedBytes) }))(sampler.memory(d.handle)!),
  }
})

await new Promise((r) => setTimeout(r, 1000))
const processUtilization = sampler.processUtilization()
const computeProcesses = sampler.devices.map((d) => ({ index: d.index, processes: sampler.computeProcesses(d) }))
const smiApps = await smi(['--query-compute-apps=gpu_uuid,pid,used_memory', '--format=csv,noheader,nounits'])
const pmon = await smi(['pmon', '-c', '1', '-s', 'u'])
const pcieStart = performance.now()
const pcie = await Promise.all(sampler.devices.map(async (d) => ({ index: d.index, ...(await sampler.pcieThroughput(d)) })))
const pcieWallMs = performance.now() - pcieStart
const dmonT = await smi(['dmon', '-c', '1', '-s', 't'])

/** CPU µs per sample over n back-to-back samples (no timer in between: the reads alone). */
function cpuPerSample(n: number, withProcesses: boolean) {
  const c0 = process.cpuUsage()
  const w0 = performance.now()
  for (let i = 0; i < n; i++) sampler.sample(withProcesses)
  const c = process.cpuUsage(c0)
  return { samples: n, withProcesses, cpuUsPerSample: Number(((c.user + c.system) / n).toFixed(2)), userUs: c.user / n, systemUs: c.system / n, wallUsPerSample: Number((((performance.now() - w0) * 1000) / n).toFixed(2)) }
}
const timing = [cpuPerSample(2000, false), cpuPerSample(500, true)]
const smiVersion = await smi(['--version'])
sampler.close()

process.stdout.write(
  JSON.stringify(
    {
      label,
      time: new Date().toISOString(),
      library: sampler.library,
      devices: sampler.devices.map((d) => ({ index: d.index, name: d.name, uuid: d.uuid })),
      compare,
      processUtilization,
      nvidiaSmiPmon: pmon.split('\n'),
      computeProcesses,
      nvidiaSmiComputeApps: smiApps.split('\n').filter(Boolean),
      pcieKBps: pcie,
      pcieWallMs: Number(pcieWallMs.toFixed(1)),
      nvidiaSmiDmonT: dmonT.split('\n'),
      timing,
      nvidiaSmiVersion: smiVersion.split('\n'),
    },
    null,
    2,
  ) + '\n',
)
