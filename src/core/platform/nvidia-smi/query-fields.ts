/** Fields `gpu-doctor status` asks for, in order. Older drivers lack some: they become null. */
export const STATUS_FIELDS = [
  'index',
  'name',
  'uuid',
  'pci.bus_id',
  'driver_version',
  'compute_cap',
  'memory.total',
  'memory.used',
  'utilization.gpu',
  'utilization.memory',
  'temperature.gpu',
  'power.draw',
  'power.limit',
  'clocks.sm',
  'clocks.max.sm',
  'persistence_mode',
  'mig.mode.current',
  'driver_model.current',
  'pstate',
  'clocks_event_reasons.active',
] as const

/** Drivers before the "event reasons" rename only know the throttle spelling. */
export const FIELD_ALIASES: Record<string, string> = {
  'clocks_event_reasons.active': 'clocks_throttle_reasons.active',
}

/** What the streaming monitor reads every tick: fields every driver since 390 knows. */
export const MONITOR_FIELDS = [
  'index',
  'utilization.gpu',
  'utilization.memory',
  'memory.used',
  'memory.total',
  'temperature.gpu',
  'power.draw',
  'power.limit',
  'clocks.sm',
] as const

export const COMPUTE_APPS_FIELDS = ['gpu_uuid', 'pid', 'process_name', 'used_memory'] as const

/**
 * Keeps the fields this nvidia-smi knows (from `--help-query-gpu`), swapping in an alias where the
 * driver knows only the older name. With no help text (it failed), every field is kept.
 */
export function selectSupportedFields(wanted: readonly string[], known: ReadonlySet<string> | null): string[] {
  if (!known || known.size === 0) return [...wanted]
  const chosen: string[] = []
  for (const field of wanted) {
    if (known.has(field)) chosen.push(field)
    else {
      const alias = FIELD_ALIASES[field]
      if (alias && known.has(alias)) chosen.push(alias)
    }
  }
  return chosen
}
