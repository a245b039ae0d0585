import type { Finding } from '../../../shared/diagnosis'
import type { CompatData } from '../../../shared/compat-data'
import { compatData } from '../../knowledge/compat/data'
import { makeFinding } from '../findings/finding-catalog'
import type { EnvironmentRow } from './environment-evidence'

/** Which libraries' debugging modes slow each timed step: step 4 is cuBLAS matmuls, step 5 cuDNN convolutions; CUDA's slow both. */
const AREAS: Record<'sm-utilisation' | 'conv-timing', ReadonlySet<string>> = {
  'sm-utilisation': new Set(['cuda', 'cublas']),
  'conv-timing': new Set(['cuda', 'cudnn']),
}

/** What a slow timing looks like in each step; with a debugging mode on, these are its likely effect. */
const SLOW_IDS: Record<'sm-utilisation' | 'conv-timing', ReadonlySet<string>> = {
  'sm-utilisation': new Set(['gpu-slower-than-expected', 'gpu-far-below-datasheet', 'gpu-slower-than-siblings']),
  'conv-timing': new Set(['cudnn-not-effective', 'conv-slower-than-expected']),
}

/** The workload each timed step runs, as `slowsTimed` in cuda-environment.json names it. */
const WORKLOAD: Record<'sm-utilisation' | 'conv-timing', 'matmul' | 'convolution'> = { 'sm-utilisation': 'matmul', 'conv-timing': 'convolution' }

/**
 * Step 1's variables that explain a slow timing, each as the one finding that names it:
 * - a debugging mode that slows every call of this step's library (cuDNN's or cuBLAS's debug logging,
 *   CUDA_LAUNCH_BLOCKING): `timings-under-debug-mode`;
 * - any other active variable whose effect slows this step's workload (`slowsTimed`: no memory cache,
 *   an MPS SM share, TF32 forced off, cuDNN's v7 API): `timings-under-slowing-variable`.
 * - in step 5, a cuDNN that step 3 finds mapped from another copy than the wheel's: `conv-timings-with-other-cudnn`, with its route.
 * The slow timings are then named as their likely effect (kept as the cause's evidence) instead of
 * "slower than this model" with power, clocks and temperature as the causes checked.
 */
export function debugModeCause(
  step: 'sm-utilisation' | 'conv-timing',
  findings: Finding[],
  environment: readonly EnvironmentRow[],
  data: CompatData = compatData(),
  otherCudnn: { paths: string[]; route: string } = { paths: [], route: '' },
): Finding[] {
  const byName = new Map(data.environment.variables.map((v) => [v.name, v]))
  const modes = environment.filter((e) => e.active && e.class === 'debugging-mode' && AREAS[step].has(byName.get(e.name)?.area ?? ''))
  const slowing = environment.filter((e) => e.active && !modes.includes(e) && (byName.get(e.name)?.slowsTimed ?? []).includes(WORKLOAD[step]))
  const strayCudnn = step === 'conv-timing' && otherCudnn.paths.length > 0
  if (!modes.length && !slowing.length && !strayCudnn) return findings
  const slow = findings.filter((f) => SLOW_IDS[step].has(f.id))
  if (!slow.length) return findings
  const gpus = [...new Set(slow.map((f) => f.params.gpu).filter((g) => g !== undefined && g !== null).map(String))].join(', ')
  const observed = [...new Set(slow.map((f) => f.id))].join(', ')
  const cause = (id: 'timings-under-debug-mode' | 'timings-under-slowing-variable', rows: readonly EnvironmentRow[]) =>
    makeFinding(
      id,
      'warning',
      { variables: rows.map((m) => `${m.name}=${m.value}`).join(', '), names: rows.map((m) => m.name).join(' '), observed, gpus: gpus || '-' },
      slow.map((f) => f.message).join('\n'),
    )
  const causes = [
    ...(modes.length ? [cause('timings-under-debug-mode', modes)] : []),
    ...(slowing.length ? [cause('timings-under-slowing-variable', slowing)] : []),
    // Step 3's cuDNN from another copy: the convolutions ran on it.
    ...(strayCudnn ? [makeFinding('conv-timings-with-other-cudnn', 'warning', { paths: otherCudnn.paths.join(', '), route: otherCudnn.route, observed, gpus: gpus || '-' }, slow.map((f) => f.message).join('\n'))] : []),
  ]
  return [...causes, ...findings.filter((f) => !slow.includes(f))]
}
