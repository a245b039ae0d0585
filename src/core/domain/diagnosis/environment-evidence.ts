import type { Finding } from '../../../shared/diagnosis'
import type { CompatData, EnvVariable, EnvWarnWhen } from '../../../shared/compat-data'
import { compatData } from '../../knowledge/compat/data'
import { makeFinding } from '../findings/finding-catalog'
import { envFindingId } from '../../../shared/i18n/findings'

/** One set variable of resources/data/cuda-environment.json, as step 1 shows it. */
export interface EnvironmentRow {
  name: string
  value: string
  class: EnvVariable['class']
  effect: string
  source: string | null
  /** Its value has the effect the class names (a warning), not just set. */
  active: boolean
}

function holds(when: EnvWarnWhen, value: string): boolean {
  const v = value.trim().toUpperCase()
  switch (when.kind) {
    case 'never':
      return false
    case 'set':
      return true
    case 'values':
      return when.values.some((x) => x.toUpperCase() === v)
    case 'not-values':
      return !when.values.some((x) => x.toUpperCase() === v)
  }
}

/** The interpreter's values of the table's variables, in the table's order, with what each does. */
export function environmentRows(values: Record<string, string> | undefined, data: CompatData = compatData()): EnvironmentRow[] {
  if (!values) return []
  const urls = new Map(data.environment.sources.map((s) => [s.id, s.url ?? null]))
  return data.environment.variables.flatMap((v) => {
    const value = values[v.name]
    if (value === undefined) return []
    return [{ name: v.name, value, class: v.class, effect: v.effect, source: urls.get(v.sources[0] ?? '') ?? null, active: holds(v.warnWhen, value) }]
  })
}

export interface DeviceCounts {
  torchCount: number | null
  hostCount: number | null
}

/**
 * A warning for each variable whose value slows work down, switches a debugging mode on, changes the
 * allocator, or changes the device set. A device-set variable warns only when it really hides GPUs the
 * host has (Slurm and container runtimes set CUDA_VISIBLE_DEVICES to exactly the job's GPUs).
 */
export function environmentFindings(rows: EnvironmentRow[], counts: DeviceCounts, data: CompatData = compatData()): Finding[] {
  const byName = new Map(data.environment.variables.map((v) => [v.name, v]))
  const out: Finding[] = []
  for (const row of rows) {
    const v = byName.get(row.name)
    if (!v || !row.active || row.class === 'informational') continue
    const shown = row.value.length > 120 ? `${row.value.slice(0, 120)}…` : row.value
    const params = { value: JSON.stringify(shown) }
    const id = envFindingId(row.name)
    if (!id) continue
    if (row.class === 'changed-device-set') {
      const { torchCount, hostCount } = counts
      if (torchCount === null || hostCount === null || torchCount >= hostCount) continue
      out.push(makeFinding(id, 'warning', { ...params, torchCount, hostCount }, `${row.name}=${shown}`))
    } else out.push(makeFinding(id, 'warning', params, `${row.name}=${shown}`))
  }
  return out
}
