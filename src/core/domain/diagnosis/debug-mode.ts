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

/**
 * A debugging mode that slows every call of this step's library (cuDNN's or cuBLAS's debug logging,
 * CUDA_LAUNCH_BLOCKING) was active: the slow timings are named as its likely effect, in one finding,
 * instead of "cuDNN not effective" or "slower than this model".
 */
export function debugModeCause(step: 'sm-utilisation' | 'conv-timing', findings: Finding[], environment: readonly EnvironmentRow[], data: CompatData = compatData()): Finding[] {
  const area = new Map(data.environment.variables.map((v) => [v.name, v.area]))
  const modes = environment.filter((e) => e.active && e.class === 'debugging-mode' && AREAS[step].has(area.get(e.name) ?? ''))
  if (!modes.length) return findings
  const slow = findings.filter((f) => SLOW_IDS[step].has(f.id))
  if (!slow.length) return findings
  const variables = modes.map((m) => `${m.name}=${m.value}`).join(', ')
  const gpus = [...new Set(slow.map((f) => f.params.gpu).filter((g) => g !== undefined && g !== null).map(String))].join(', ')
  const cause = makeFinding(
    'timings-under-debug-mode',
    'warning',
    { variables, names: modes.map((m) => m.name).join(' '), observed: [...new Set(slow.map((f) => f.id))].join(', '), gpus: gpus || '-' },
    slow.map((f) => f.message).join('\n'),
  )
  return [cause, ...findings.filter((f) => !slow.includes(f))]
}
