// Verification on a GPU machine (not for users): CPU time of each NVML call GPU Doctor makes, read
// at the live panel's cadence (every 100 ms, 40 times) and back to back (no pause), per call.
// Shows where a sample's CPU goes when NVML cannot answer from its own short-lived cache.
import { loadNvmlBinding } from '../../src/core/platform/nvml/nvml-binding'
import { NVML_CLOCK_SM, NVML_TEMPERATURE_GPU } from '../../src/core/platform/nvml/nvml-codes'
import { encodeMemoryV2Request, MEMORY_V2_SIZE, PROCESS_UTILIZATION_SIZE } from '../../src/core/platform/nvml/nvml-structs'

const loaded = await loadNvmlBinding()
if (!loaded.ok) throw new Error(JSON.stringify(loaded.unavailable))
const n = loaded.binding
if (n.init() !== 0) throw new Error('nvmlInit failed')
const { handle } = n.getHandle(0)
const u32 = Buffer.alloc(4)
const u64 = Buffer.alloc(8)
const buf = Buffer.alloc(Math.max(MEMORY_V2_SIZE, PROCESS_UTILIZATION_SIZE * 64))
const calls: Record<string, () => number> = {
  utilization: () => n.getUtilization(handle, buf),
  memoryV2: () => n.getMemoryV2!(handle, encodeMemoryV2Request(buf)),
  powerUsage: () => n.getPowerUsage!(handle, u32),
  enforcedPowerLimit: () => n.getEnforcedPowerLimit!(handle, u32),
  temperature: () => n.getTemperature!(handle, NVML_TEMPERATURE_GPU, u32),
  smClock: () => n.getClock!(handle, NVML_CLOCK_SM, u32),
  clocksEventReasons: () => n.getClocksEventReasons!(handle, u64),
  processUtilization: () => {
    u32.writeUInt32LE(64, 0)
    return n.getProcessUtilization!(handle, buf, u32, BigInt(Date.now() - 1000) * 1000n)
  },
}
const cpu = () => {
  const c = process.cpuUsage()
  return c.user + c.system
}
async function measure(pauseMs: number, rounds: number) {
  const total: Record<string, number> = Object.fromEntries(Object.keys(calls).map((k) => [k, 0]))
  for (let r = 0; r < rounds; r++) {
    for (const [name, call] of Object.entries(calls)) {
      const t0 = cpu()
      call()
      total[name]! += cpu() - t0
    }
    if (pauseMs) await new Promise((res) => setTimeout(res, pauseMs))
  }
  return Object.fromEntries(Object.entries(total).map(([k, v]) => [k, Number((v / rounds).toFixed(1))]))
}
for (const name of Object.keys(calls)) calls[name]!() // warm the JIT
const atCadence = await measure(100, 40)
const backToBack = await measure(0, 200)
n.shutdown()
process.stdout.write(JSON.stringify({ unit: 'µs CPU per call, GPU 0', atCadence100ms: atCadence, backToBack }, null, 2) + '\n')
