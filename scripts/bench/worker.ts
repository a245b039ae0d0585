// One benchmark mode in a fresh process, so each mode's child CPU time is counted alone.
import si from 'systeminformation'

import { GpuMonitor } from '../../src/core/nvidia-smi/monitor'
import { MONITOR_FIELDS } from '../../src/core/nvidia-smi/query-fields'
import { runProcess } from '../../src/core/process/run-process'
import { locateNvidiaSmi } from '../../src/core/nvidia-smi/locate'
import { cpuMs } from './cpu-time'
import { benchCollectEnv, benchDiagnosis } from './diagnosis'
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

const modes: Record<string, () => Promise<number>> = { streaming, spawn: spawnPerSample, 'si-graphics': siGraphics }
if (mode === 'state-reads') {
  process.stdout.write(JSON.stringify(await benchStateReads(count)) + '\n')
  process.exit(0)
}
if (mode === 'diagnosis' || mode === 'collect-env') {
  process.stdout.write(JSON.stringify(mode === 'diagnosis' ? await benchDiagnosis(count) : await benchCollectEnv(count)) + '\n')
  process.exit(0)
}
const run = modes[mode]
if (!run) throw new Error(`unknown mode ${mode}`)
const before = cpuMs()
const wallStart = performance.now()
const samples = await run()
const wallMs = performance.now() - wallStart
const after = cpuMs()
process.stdout.write(
  JSON.stringify({ mode, samples, wallMs, selfCpuMs: after.self - before.self, childCpuMs: after.children - before.children }) + '\n',
)
