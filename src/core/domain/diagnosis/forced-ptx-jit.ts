import type { Finding } from '../../../shared/diagnosis'
import { envFindingId } from '../../../shared/i18n/findings'
import type { ArchCoverage } from '../../knowledge/compat/arch-coverage'
import type { EnvironmentRow } from './environment-evidence'

const FORCE = 'CUDA_FORCE_PTX_JIT'

/**
 * "no kernel image is available" while the wheel has SASS for every GPU and CUDA_FORCE_PTX_JIT is on:
 * the variable made the driver ignore that SASS and JIT the PTX, which this wheel does not carry for the
 * GPU. The cause is the variable (its finding becomes the error), not a wheel without kernels.
 */
export function forcedPtxJitCause(findings: Finding[], coverage: readonly ArchCoverage[], environment: readonly EnvironmentRow[]): Finding[] {
  const forced = environment.some((e) => e.name === FORCE && e.active)
  const sassForEvery = coverage.length > 0 && coverage.every((c) => c.covered && (c.via === 'sass' || c.via === 'sass-compatible'))
  if (!forced || !sassForEvery) return findings
  const noImage = findings.filter((f) => f.id === 'gpu-arch-not-in-wheel' && /no kernel image/i.test(f.evidence ?? ''))
  if (!noImage.length) return findings
  const id = envFindingId(FORCE)
  const why = `${noImage.map((f) => f.evidence).join('\n')}\nThe wheel has SASS for every GPU: ${coverage.map((c) => `${c.gpuArch} via ${c.entry}`).join(', ')}`
  return findings
    .filter((f) => !noImage.includes(f))
    .map((f) => (f.id === id ? { ...f, severity: 'error' as const, evidence: [f.evidence, why].filter(Boolean).join('\n') } : f))
    .sort((a, b) => Number(b.id === id) - Number(a.id === id))
}
