// One benchmark mode in a fresh process, so each mode's child CPU time is counted alone.
import si from 'systeminformation'

import { GpuMonitor } from '../../src/core/platform/nvidia-smi/monitor'
import { MONITOR_FIELDS } from '../../src/core/platform/nvidia-smi/query-fields'
import { runProcess } from '../../src/core/platform/process/run-process'
import { locateNvidiaSmi } from '../../src/core/platform/nvidia-smi/locate'
import { NvmlMonitor } from '../../src/core/platform/nvml/nvml-monitor'
import { NvmlSampler } from '../../src/core/platform/nvml/nvml-sampler'
import { unavailableMessage } from '../../src/core/platform/nvml/nvml-unavailable'
import { cpuMs } from './cpu-time'
import { benchCollectEnv, benchConvAgreement, benchDiagnosis, benchGpuCount, benchImportTorch, benchLoadLength } from './diagnosis'
import { benchStateReads } from './state-reads'

const [mode = '', countArg = '20', intervalArg = '100'] = process.argv.slice(2)
const count = Number(countArg)
const intervalMs = Number(intervalArg)

async function streaming(): Promise<number> {
  const monitor = new GpuMonitor({ intervalMs })
  let samples = 0
  await new Promise<void>((resolve) => {
    monitor.on('sample', () => {
      if (++samples >= count) resolve()
    })
    monitor.on('state', (s) => {
      if (s.kind === 'failed') throw new Error(s.problem.detail)
    })
    monitor.start()
  })
  await monitor.stop()
  return samples
}

async function spawnPerSample(): Promise<number> {
  const smi = locateNvidiaSmi().path
  if (!smi) throw new Error('nvidia-smi not found')
  const args = [`--query-gpu=${MONITOR_FIELDS.join(',')}`, '--format=csv,noheader,nounits']
  for (let i = 0; i < count; i++) {
    const r = await runProcess(smi, args, { timeoutMs: 10_000 })
    if (r.exitCode !== 0) throw new Error(`nvidia-smi exit ${r.exitCode}: ${r.stderr}`)
  }
  return count
}

async function siGraphics(): Promise<number> {
  let gpus = 0
  for (let i = 0; i < count; i++) gpus = (await si.graphics()).controllers.length
  if (gpus === 0) process.stderr.write('systeminformation.graphics() found no controller\n')
  return count
}

class NvmlUnavailableError extends Error {}

// NVML's start (dlopen, nvmlInit, a handle per GPU) is paid once per process, not per sample: it
// happens before the clock starts, and nvmlShutdown after it stops.
// A few samples before the clock let V8 compile the read path, as a long-running monitor would have.
const opened = mode.startsWith('nvml') ? await NvmlSampler.open() : null
if (opened?.ok) for (let i = 0; i < 20; i++) opened.sampler.sample(mode === 'nvml-processes')

/** CPU inside sample() alone, without Node's wake-up around it (nvml modes). */
let readCpuMs = 0

/** NVML in-process at the stream's interval, so both rows read the same GPUs at the same rate. */
async function nvml(withProcesses: boolean): Promise<number> {
  if (!opened?.ok) {
    const m = opened ? unavailableMessage(opened.unavailable) : { key: 'not opened', params: {} }
    throw new NvmlUnavailableError(`${m.key} ${JSON.stringify(m.params)}`)
  }
  for (let i = 0; i < count; i++) {
    const before = process.cpuUsage()
    opened.sampler.sample(withProcesses)
    const spent = process.cpuUsage(before)
    readCpuMs += (spent.user + spent.system) / 1000
    if (i < count - 1) await new Promise((r) => setTimeout(r, intervalMs))
  }
  return count
}

const modes: Record<string, () => Promise<number>> = {
  streaming,
  spawn: spawnPerSample,
  'si-graphics': siGraphics,
  nvml: () => nvml(false),
  'nvml-processes': () => nvml(true),
  // The live panel's monitor as shipped: its own timer, per-process utilisation every 5 s.
  'nvml-monitor': async () => {
    if (!opened?.ok) throw new NvmlUnavailableError('not opened')
    const monitor = new NvmlMonitor(opened.sampler, { intervalMs }, { kind: 'nvml', path: opened.sampler.library, fallback: null })
    let samples = 0
    await new Promise<void>((resolve) => {
      monitor.on('sample', () => {
        if (++samples >= count) resolve()
      })
      monitor.start()
    })
    await monitor.stop()
    return samples
  },
  // The same timer with no read: what waking Node up every interval costs by itself.
  'timer-only': async () => {
    for (let i = 0; i < count - 1; i++) await new Promise((r) => setTimeout(r, intervalMs))
    return count
  },
}
if (mode === 'state-reads') {
  process.stdout.write(JSON.stringify(await benchStateReads(count)) + '\n')
  process.exit(0)
}
const diagnosisModes: Record<string, (runs: number) => Promise<unknown>> = {
  diagnosis: benchDiagnosis,
  'collect-env': benchCollectEnv,
  'gpu-count': benchGpuCount,
  'conv-agreement': benchConvAgreement,
  'load-length': benchLoadLength,
  'import-torch': benchImportTorch,
}
if (diagnosisModes[mode]) {
  process.stdout.write(JSON.stringify(await diagnosisModes[mode](count)) + '\n')
  process.exit(0)
}
const run = modes[mode]
if (!run) throw new Error(`unknown mode ${mode}`)
const before = cpuMs()
const wallStart = performance.now()
let samples: number
try {
  samples = await run()
} catch (error) {
  if (!(error instanceof NvmlUnavailableError)) throw error
  process.stdout.write(JSON.stringify({ mode, unavailable: error.message }) + '\n')
  process.exit(0)
}
const wallMs = performance.now() - wallStart
const after = cpuMs()
if (opened?.ok) opened.sampler.close() // a no-op after nvml-monitor's stop()
process.stdout.write(
  JSON.stringify({ mode, samples, wallMs, selfCpuMs: after.self - before.self, childCpuMs: after.children - before.children, readCpuMs }) + '\n',
)
