// Verification (not for users): CPU per wake-up of a bare Node setInterval, after 2 s of settling.
// Usage: node node-wake.mjs INTERVAL_MS COUNT
const intervalMs = Number(process.argv[2])
const count = Number(process.argv[3])
await new Promise((resolve) => setTimeout(resolve, 2000))
const before = process.cpuUsage()
let wakes = 0
await new Promise((resolve) => {
  const timer = setInterval(() => {
    if (++wakes >= count) {
      clearInterval(timer)
      resolve()
    }
  }, intervalMs)
})
const spent = process.cpuUsage(before)
console.log(intervalMs, 'ms interval', ((spent.user + spent.system) / count).toFixed(1), 'us/wake')
