// Wall time of a full five-step diagnosis and of each step, against `python -m torch.utils.collect_env`
// (the obvious alternative: it reports versions but runs none of the workload steps).
import { runDiagnosis } from '../../src/core/domain/diagnosis/run-diagnosis'
import { detectInterpreters, pickDefault } from '../../src/core/platform/probe/interpreters'
import { runProcess } from '../../src/core/platform/process/run-process'

async function python(): Promise<string> {
  const chosen = process.env.GPU_DOCTOR_BENCH_PYTHON ?? pickDefault(await detectInterpreters())?.path
  if (!chosen) throw new Error('no Python with torch found: set GPU_DOCTOR_BENCH_PYTHON')
  return chosen
}

export async function benchDiagnosis(runs: number) {
  const py = await python()
  const results = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const d = await runDiagnosis({ python: py })
    results.push({
      wallMs: performance.now() - started,
      steps: Object.fromEntries(d.steps.map((s) => [s.id, { ms: s.durationMs, status: s.status }])),
      torch: d.environment.torch,
    })
  }
  return { mode: 'diagnosis', python: py, runs: results }
}

/**
 * One GPU against every GPU, the same run: steps 4 and 5 load all GPUs at once, so a diagnosis of
 * N GPUs should take about as long as one. Alternates them so clock drift hits every variant alike:
 * steps 1, 4 and 5 on GPU 0 and on all GPUs, and every step on GPU 0 and on all GPUs (step 6, the
 * links, exists only with two or more: the one-GPU diagnosis has no such step to wait for).
 */
export async function benchGpuCount(runs: number) {
  const py = await python()
  const perGpuSteps = ['gpu-visible', 'sm-utilisation', 'conv-timing'] as const
  const variants = [
    { key: 'oneMs', gpus: '0', steps: [...perGpuSteps] },
    { key: 'allMs', gpus: 'all', steps: [...perGpuSteps] },
    { key: 'oneFullMs', gpus: '0', steps: undefined },
    { key: 'allFullMs', gpus: 'all', steps: undefined },
  ] as const
  const walls: Record<(typeof variants)[number]['key'], number[]> = { oneMs: [], allMs: [], oneFullMs: [], allFullMs: [] }
  let gpus = 0
  for (let i = 0; i < runs; i++) {
    for (const v of variants) {
      const started = performance.now()
      const d = await runDiagnosis({ python: py, gpus: v.gpus, ...(v.steps ? { steps: [...v.steps] } : {}) })
      walls[v.key].push(performance.now() - started)
      const sm = d.steps.find((s) => s.id === 'sm-utilisation')
      if (v.gpus === 'all' && sm && 'perGpu' in sm.evidence) gpus = (sm.evidence.perGpu ?? []).length
    }
  }
  return { mode: 'gpu-count', python: py, gpus, ...walls }
}

/** Step 5's agreement with torch.utils.benchmark at shorter timings (scripts/gpu/conv-agreement.py). */
export async function benchConvAgreement(runs: number) {
  const py = await python()
  const r = await runProcess(py, ['scripts/gpu/conv-agreement.py', 'resources/probe/gpu_doctor_probe.py', process.env.BENCH_CONV_SECONDS ?? '0.1,0.25,0.5,1.0', String(runs)], {
    timeoutMs: 600_000,
  })
  if (r.exitCode !== 0) throw new Error(`conv-agreement.py exit ${r.exitCode}: ${r.stderr.trim().split('\n').pop() ?? ''}`)
  return { mode: 'conv-agreement', python: py, ...JSON.parse(r.stdout) }
}

/** `import torch` alone: the part of step 1 that no build of GPU Doctor can shorten. */
export async function benchImportTorch(runs: number) {
  const py = await python()
  const walls = []
  for (let i = 0; i < runs; i++) {
    const r = await runProcess(py, ['-c', 'import torch'], { timeoutMs: 120_000 })
    if (r.exitCode !== 0) throw new Error(`import torch exit ${r.exitCode}: ${r.stderr.trim().split('\n').pop() ?? ''}`)
    walls.push(r.durationMs)
  }
  return { mode: 'import-torch', python: py, wallMs: walls }
}

export async function benchCollectEnv(runs: number) {
  const py = await python()
  const walls = []
  for (let i = 0; i < runs; i++) {
    const r = await runProcess(py, ['-m', 'torch.utils.collect_env'], { timeoutMs: 120_000 })
    walls.push(r.durationMs)
  }
  return { mode: 'collect-env', python: py, wallMs: walls }
}

/**
 * How long step 4 must load: loads from an idle GPU, each chunk timed (scripts/gpu/load-length.py), read
 * at each --seconds as the probe would: the mean TFLOP/s against a 4 s load's and the gap between its halves.
 */
export async function benchLoadLength(runs: number) {
  const py = await python()
  const r = await runProcess(py, ['scripts/gpu/load-length.py', 'resources/probe/gpu_doctor_probe.py', '-', process.env.BENCH_LOAD_SECONDS ?? '0.5,1,1.5,2,4', String(runs), '5', '--json'], {
    timeoutMs: 300_000,
  })
  if (r.exitCode !== 0) throw new Error(`load-length.py exit ${r.exitCode}: ${r.stderr.trim().split('\n').pop() ?? ''}`)
  return { mode: 'load-length', python: py, ...JSON.parse(r.stdout) }
}
