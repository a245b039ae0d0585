// Wall time of a full five-step diagnosis and of each step, against `python -m torch.utils.collect_env`
// (the obvious alternative: it reports versions but runs none of the workload steps).
import { runDiagnosis } from '../../src/core/diagnosis/run-diagnosis'
import { detectInterpreters, pickDefault } from '../../src/core/probe/interpreters'
import { runProcess } from '../../src/core/process/run-process'

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

export async function benchCollectEnv(runs: number) {
  const py = await python()
  const walls = []
  for (let i = 0; i < runs; i++) {
    const r = await runProcess(py, ['-m', 'torch.utils.collect_env'], { timeoutMs: 120_000 })
    walls.push(r.durationMs)
  }
  return { mode: 'collect-env', python: py, wallMs: walls }
}
