import type { DriverFit } from '../../../shared/docker'
import { dockerNote, type DockerNoteKey } from '../../../shared/i18n/docker-notes'
import type { MessageParams } from '../../../shared/message'
import { compareVersions } from '../../knowledge/compat/compare-versions'

type Op = '=' | '!=' | '<' | '<=' | '>' | '>='
export interface Constraint {
  key: string
  op: Op
  value: string
}
/** NVIDIA_REQUIRE_CUDA: alternatives separated by spaces (OR), each a comma-separated AND. */
export type Requirement = Constraint[][]

const CONSTRAINT = /^([a-z]+)(>=|<=|!=|=|<|>)([^<>=!]+)$/i

/** Parses `cuda>=12.8 brand=tesla,driver>=535,driver<536`; null when an expression is malformed. */
export function parseRequireCuda(text: string): Requirement | null {
  const alternatives: Requirement = []
  for (const alt of text.trim().split(/\s+/).filter(Boolean)) {
    const all: Constraint[] = []
    for (const expr of alt.split(',').filter(Boolean)) {
      const m = CONSTRAINT.exec(expr)
      if (!m) return null
      all.push({ key: m[1]!.toLowerCase(), op: m[2] as Op, value: m[3]! })
    }
    if (all.length) alternatives.push(all)
  }
  return alternatives.length ? alternatives : null
}

/** Numeric dotted comparison with trailing zeros ignored, as libnvidia-container's dsl_compare_version. */
export function compareVersionsDsl(a: string, op: Op, b: string): boolean | null {
  if (!/^[\d.]+$/.test(a) || !/^[\d.]+$/.test(b)) return null
  const diff = compareVersions(a, b)
  const table: Record<Op, boolean> = { '=': diff === 0, '!=': diff !== 0, '<': diff < 0, '<=': diff <= 0, '>': diff > 0, '>=': diff >= 0 }
  return table[op]
}

/** The requirement an image's environment declares (legacy CUDA_VERSION-only images: cuda>=major.minor). */
export function requirementFromEnv(env: Record<string, string>): string | null {
  if (/^(1|true|yes)$/i.test(env.NVIDIA_DISABLE_REQUIRE ?? '')) return null
  if (env.NVIDIA_REQUIRE_CUDA?.trim()) return env.NVIDIA_REQUIRE_CUDA.trim()
  const legacy = /^(\d+)\.(\d+)/.exec(env.CUDA_VERSION ?? '')
  return legacy ? `cuda>=${legacy[1]}.${legacy[2]}` : null
}

export interface HostDriver {
  driverVersion: string | null
  /** The highest CUDA the driver supports (nvidia-smi's "CUDA Version"). */
  cudaVersion: string | null
  /** Product brand (tesla, geforce…), when known; nvidia-smi's CSV status does not say. */
  brand?: string | null
}

function holds(c: Constraint, host: HostDriver): boolean | null {
  switch (c.key) {
    case 'cuda':
      return host.cudaVersion ? compareVersionsDsl(host.cudaVersion, c.op, c.value) : null
    case 'driver':
      return host.driverVersion ? compareVersionsDsl(host.driverVersion, c.op, c.value) : null
    case 'brand':
      if (!host.brand) return null
      return c.op === '!=' ? host.brand.toLowerCase() !== c.value.toLowerCase() : host.brand.toLowerCase() === c.value.toLowerCase()
    default:
      return null
  }
}

const fmt = (cs: Constraint[]) => cs.map((c) => `${c.key}${c.op}${c.value}`).join(',')

/**
 * Whether the host driver satisfies an image's requirement, as the NVIDIA container hook will
 * judge it at start: any alternative whose constraints all hold. A brand alternative (forward
 * compatibility on data-centre GPUs) cannot be settled without the GPU's brand.
 */
export function judgeRequirement(requirement: string | null, host: HostDriver): DriverFit {
  const fit = (verdict: DriverFit['verdict'], key: DockerNoteKey, params: MessageParams = {}): DriverFit => {
    const note = dockerNote(key, params)
    return { verdict, requirement, reason: note.text, message: note.message }
  }
  if (!requirement) return fit('no-requirement', 'fit.noRequirement')
  const parsed = parseRequireCuda(requirement)
  if (!parsed) return fit('unknown', 'fit.unreadable', { requirement })
  if (!host.driverVersion && !host.cudaVersion) return fit('unknown', 'fit.driverUnknown')
  const results = parsed.map((alt) => {
    const each = alt.map((c) => holds(c, host))
    return each.includes(false) ? false : each.includes(null) ? null : true
  })
  const main = parsed[0] ? fmt(parsed[0]) : requirement
  const have = { driver: host.driverVersion ?? '?', cuda: host.cudaVersion ?? '?' }
  if (results.includes(true)) return fit('ok', 'fit.ok', { ...have, holds: fmt(parsed[results.indexOf(true)]!) })
  if (results.includes(null)) {
    const maybe = parsed.filter((_, i) => results[i] === null).map(fmt)
    return fit('brand-dependent', 'fit.brand', { ...have, needs: main, maybe: maybe.join(' or ') })
  }
  return fit('too-old', 'fit.tooOld', { ...have, needs: main })
}
