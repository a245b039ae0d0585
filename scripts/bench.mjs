// `npm run bench`: CPU time per GPU sample for (a) one streaming nvidia-smi, (b) a spawn per
// sample, (c) systeminformation.graphics(), (d) NVML in-process (without and with per-process
// utilisation), each measured in its own fresh process, in one run.
import { execFileSync } from 'node:child_process'
import { buildNvmlFloor, floorRow } from './bench/nvml-floor.mjs'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'

const worker = 'out/bench/worker.mjs'
if (!existsSync(worker)) throw new Error(`${worker} is missing: run npm run bench (it builds it first)`)

const samples = Number(process.env.BENCH_SAMPLES ?? 50)
const siCalls = Number(process.env.BENCH_SI_CALLS ?? 5)
const interval = Number(process.env.BENCH_INTERVAL_MS ?? 100)
const panelSamples = Number(process.env.BENCH_PANEL_SAMPLES ?? 10)
const plan = [
  ['streaming', samples, '(a) one streaming nvidia-smi --loop-ms'],
  ['spawn', samples, '(b) spawn nvidia-smi per sample'],
  ['si-graphics', siCalls, '(c) systeminformation.graphics()'],
  ['nvml', samples, '(d) NVML sample (in-process)'],
  ['nvml-processes', samples, '(e) NVML sample + per-process utilisation'],
  ['nvml-monitor', samples, '(f) NVML live monitor as shipped (processes every 5 s, not while idle)'],
  ['timer-only', samples, '(g) the same timer, no read (Node waking up)'],
  // What the live panel costs as used: its own 1 s interval.
  ['nvml-monitor', panelSamples, "(h) NVML live monitor at the panel's 1 s interval", 1000],
]

const results = []
const floor = buildNvmlFloor('out/bench')
for (const [mode, count, label, rowInterval = interval] of plan) {
  const out = execFileSync(process.execPath, [worker, mode, String(count), String(rowInterval)], { encoding: 'utf8', timeout: 300_000 })
  const r = JSON.parse(out.trim().split('\n').pop())
  if (r.unavailable) {
    results.push({ ...r, label, samples: 0, cpuMsPerSample: null, wallMsPerSample: null })
    continue
  }
  const cpu = r.selfCpuMs + r.childCpuMs
  results.push({ ...r, label, intervalMs: rowInterval, cpuMsPerSample: cpu / r.samples, wallMsPerSample: r.wallMs / r.samples })
}

// The floor under any once-per-sample sampler on this machine: the same wake-up and reads in C.
results.push(floorRow(floor, 'bare', samples, interval, `(i) C loop, the same ${interval} ms timer, no read (the wake-up itself)`))
results.push(floorRow(floor, 'reads', samples, interval, "(j) C loop, wake-up + the NVML sample's reads"))

const base = results[0].cpuMsPerSample
// A machine without NVML still gets its rows, saying so (the reason is printed below the table).
const rows = results.map((r) =>
  r.unavailable
    ? [r.label, '0', r.short ?? 'NVML not available', '—', '—']
    : [r.label, String(r.samples), r.cpuMsPerSample.toFixed(3), r.wallMsPerSample.toFixed(1), `${(r.cpuMsPerSample / base).toFixed(r.cpuMsPerSample < base / 10 ? 3 : 1)}×`],
)
const header = ['mode', 'samples', 'CPU ms / sample', 'wall ms / sample', 'CPU vs (a)']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
console.log(`nvidia-smi: ${process.env.GPU_DOCTOR_NVIDIA_SMI ?? 'from PATH'}; streaming interval ${interval} ms`)
console.log(line(header))
console.log(line(widths.map((w) => '-'.repeat(w))))
for (const r of rows) console.log(line(r))
const panel = results.find((r) => r.intervalMs === 1000 && r.mode === 'nvml-monitor')
if (panel?.cpuMsPerSample != null) {
  console.log(`\nThe live panel (NVML, 1 s interval): ${panel.cpuMsPerSample.toFixed(3)} ms of CPU per second, ${(panel.cpuMsPerSample / 10).toFixed(3)} % of one core`)
}
const ratio = results[1].cpuMsPerSample / base
const nvmlRow = results.find((r) => r.mode === 'nvml')
if (nvmlRow?.cpuMsPerSample != null) {
  const met = nvmlRow.cpuMsPerSample <= 0.05
  console.log(`\nNVML sample: ${(nvmlRow.cpuMsPerSample * 1000).toFixed(1)} µs CPU (target ≤ 50 µs): ${met ? 'met' : 'NOT met'}; ${(base / nvmlRow.cpuMsPerSample).toFixed(0)}× less than the stream`)
  console.log(`  inside sample() (the reads, koffi, the sample object): ${((nvmlRow.readCpuMs / nvmlRow.samples) * 1000).toFixed(1)} µs; the rest is Node waking up for the timer`)
  const [bare, reads] = ['floor-bare', 'floor-reads'].map((m) => results.find((r) => r.mode === m))
  if (bare?.cpuMsPerSample != null && reads?.cpuMsPerSample != null) {
    const us = (r) => `${(r.cpuMsPerSample * 1000).toFixed(1)} µs`
    const verdict = reads.cpuMsPerSample > 0.05 ? 'above the target: no sampler that wakes once per sample can meet it on this machine' : 'within the target: the gap is the runtime'
    console.log(`  floor on this machine, in C: waking up ${us(bare)}, waking up + the same reads ${us(reads)} (${verdict})`)
  } else console.log(`  floor in C not measured: ${reads?.unavailable ?? bare?.unavailable}`)
} else console.log(`\nNVML sample: NVML not available (${nvmlRow?.unavailable ?? 'no row'})`)
console.log(`spawn-per-sample costs ${ratio.toFixed(1)}× the CPU of the stream per sample (target ≥ 10×): ${ratio >= 10 ? 'met' : 'NOT met'}`)
// Concurrent gpu:get-state calls: each its own nvidia-smi (before) vs one shared read (now), same run.
const stateReads = JSON.parse(
  execFileSync(process.execPath, [worker, 'state-reads', String(Number(process.env.BENCH_STATE_READS ?? 100))], { encoding: 'utf8', timeout: 300_000 })
    .trim()
    .split('\n')
    .pop(),
)
console.log(`\n${stateReads.count} concurrent GPU state reads:`)
console.log('| reads                         | wall ms | CPU ms |')
console.log('| ----------------------------- | ------- | ------ |')
for (const [label, r] of [['each its own nvidia-smi', stateReads.unshared], ['shared (gpu:get-state now)', stateReads.shared]]) {
  console.log(`| ${label.padEnd(29)} | ${r.wallMs.toFixed(0).padStart(7)} | ${r.cpuMs.toFixed(0).padStart(6)} |`)
}
// Part 2: the diagnosis, when a Python with torch is around (BENCH_DIAGNOSIS=0 skips it).
let diagnosis = null
if (process.env.BENCH_DIAGNOSIS !== '0') {
  const runs = Number(process.env.BENCH_DIAGNOSIS_RUNS ?? 3)
  try {
    const run = (mode) => JSON.parse(execFileSync(process.execPath, [worker, mode, String(runs)], { encoding: 'utf8', timeout: 600_000 }).trim().split('\n').pop())
    const d = run('diagnosis')
    const c = run('collect-env')
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const ids = Object.keys(d.runs[0].steps)
    console.log(`\nDiagnosis with ${d.python} (torch ${d.runs[0].torch}), median of ${runs} runs:`)
    const drows = [
      ['full diagnosis (every step)', median(d.runs.map((r) => r.wallMs))],
      ...ids.map((id) => [`  step ${id} (${d.runs[0].steps[id].status})`, median(d.runs.map((r) => r.steps[id].ms))]),
      ['python -m torch.utils.collect_env', median(c.wallMs)],
    ]
    const w = Math.max(...drows.map((r) => r[0].length))
    console.log(`| ${'what'.padEnd(w)} | wall s |`)
    console.log(`| ${'-'.repeat(w)} | ------ |`)
    for (const [label, ms] of drows) console.log(`| ${label.padEnd(w)} | ${(ms / 1000).toFixed(2).padStart(6)} |`)
    diagnosis = { diagnosis: d, collectEnv: c }
    // One GPU vs every GPU (steps 1, 4, 5), alternated in the same run: the target is ≤ 1.3×.
    const g = run('gpu-count')
    const one = median(g.oneMs)
    const all = median(g.allMs)
    const oneFull = median(g.oneFullMs)
    const allFull = median(g.allFullMs)
    console.log(`\nOne GPU vs all ${g.gpus} GPUs at once, median of ${runs} runs each, alternated:`)
    console.log('| what | wall s | × one GPU |')
    console.log('| ---- | ------ | --------- |')
    console.log(`| steps 1, 4, 5 on --gpus 0 | ${(one / 1000).toFixed(2)} | 1.00× |`)
    console.log(`| steps 1, 4, 5 on all ${g.gpus} GPUs | ${(all / 1000).toFixed(2)} | ${(all / one).toFixed(2)}× |`)
    console.log(`| every step on --gpus 0 | ${(oneFull / 1000).toFixed(2)} | 1.00× |`)
    console.log(`| every step on all ${g.gpus} GPUs (step 6 included) | ${(allFull / 1000).toFixed(2)} | ${(allFull / oneFull).toFixed(2)}× |`)
    diagnosis.gpuCount = g
    // The 8 s target on one GPU: what is left once `import torch`, which no build can shorten, is taken out.
    const imp = run('import-torch')
    const importMs = median(imp.wallMs)
    const rest = oneFull - importMs
    console.log(`\nimport torch alone: ${(importMs / 1000).toFixed(2)} s (median of ${runs}; the spread: ${imp.wallMs.map((m) => (m / 1000).toFixed(2)).join(', ')} s)`)
    console.log(`every step on --gpus 0 without it: ${(rest / 1000).toFixed(2)} s, so 8 s holds where import torch takes at most ${((8000 - rest) / 1000).toFixed(2)} s`)
    diagnosis.importTorch = imp
    // How short step 5 may time and still agree with torch.utils.benchmark within ±3 %.
    const a = run('conv-agreement')
    console.log(`\nStep 5 against torch.utils.benchmark (blocked_autorange ≥ 1 s) on ${a.device}, ${runs} runs per setting:`)
    console.log('| --conv-seconds | step 5 wall s | max deviation % | within ±3 % |')
    console.log('| -------------- | ------------- | --------------- | ----------- |')
    for (const b of a.bySeconds) console.log(`| ${b.convSeconds} | ${b.stepWallS.toFixed(2)} | ${b.maxDeviationPercent.toFixed(2)} | ${b.maxDeviationPercent <= 3 ? 'yes' : 'no'} |`)
    diagnosis.convAgreement = a
    // How short step 4's load may be and still measure a steady figure (the probe's halves within 5 %).
    const l = run('load-length')
    const seconds = [...new Set(l.rows.map((r) => r.seconds))]
    const mid = (xs) => median(xs.filter((x) => x !== null))
    console.log(`\nStep 4's load length on ${l.device}, ${runs} loads from idle, each read at every length as the probe would:`)
    // Steady alone is not enough: half a second is all boost clocks, steady and a few % above the sustained figure.
    console.log('| --seconds | TFLOP/s vs a 4 s load (median) | halves apart % (median, max) | steady (every load ≤ 5 %) and within 1 % of 4 s |')
    console.log('| --------- | ------------------------------ | ---------------------------- | ----------------------------------------------- |')
    for (const x of seconds) {
      const rows = l.rows.filter((r) => r.seconds === x)
      const halves = rows.map((r) => r.halvesPercent)
      const bias = mid(rows.map((r) => r.meanVsLongestPercent))
      const steady = halves.every((h) => h !== null && h <= 5) && bias !== null && Math.abs(bias) <= 1
      const fmt = (v) => (v === null || v === undefined ? '—' : v.toFixed(2))
      console.log(`| ${x} | ${fmt(bias)} % | ${fmt(mid(halves))}, ${fmt(Math.max(...halves.filter((h) => h !== null)))} | ${steady ? 'yes' : 'no'} |`)
    }
    diagnosis.loadLength = l
  } catch (error) {
    console.log(`\ndiagnosis benchmark skipped: ${String(error.message).split('\n')[0]}`)
  }
}
mkdirSync('out/bench', { recursive: true })
writeFileSync('out/bench/result.json', JSON.stringify({ interval, results, ratio, stateReads, diagnosis }, null, 2))
