import type { Finding } from '../../../shared/diagnosis'
import type { GpuHealthFacts, HealthResult } from '../../../shared/health'
import type { GpuProblem } from '../../../shared/gpu'
import { gpuName } from '../health/health-rules'
import { gauge, renderExposition, type Labels } from './exposition'

const SEVERITIES = ['error', 'warning', 'info'] as const

const gpuLabels = (g: GpuHealthFacts): Labels => ({ gpu: String(g.index), gpu_uuid: g.uuid ?? '', bus_id: g.busId ?? '' })
const bool = (v: boolean | null) => (v === null ? null : v ? 1 : 0)

/** The GPU a finding is about: named in its `gpu` parameter, or its bus id quoted in its evidence (Xid lines). */
function findingGpu(f: Finding, gpus: readonly GpuHealthFacts[]): GpuHealthFacts | undefined {
  const named = gpus.find((g) => f.params.gpu === gpuName(g))
  if (named) return named
  const evidence = f.evidence?.toLowerCase() ?? ''
  return gpus.find((g) => {
    // nvidia-smi says 00000000:00:06.0, the Xid evidence 0000:00:06: the bus and device decide.
    const busDevice = /([0-9a-f]{2}:[0-9a-f]{2})(?:\.[0-7])?$/i.exec(g.busId ?? '')?.[1]?.toLowerCase()
    return busDevice !== undefined && new RegExp(`(?:^|[\\s(:])(?:[0-9a-f]{4,8}:)?${busDevice}(?:\\.[0-7])?(?![0-9a-f])`).test(evidence)
  })
}

/** `gpu-doctor health --prometheus`: one series per finding, per GPU fact, and counts to alert on. */
export function healthExposition(health: HealthResult, now: Date): string {
  const success = gauge('gpu_doctor_health_check_success', 'Whether GPU Doctor could read the GPUs (1) or not (0).')
  success.add({}, 1)
  const time = gauge('gpu_doctor_health_check_timestamp_seconds', 'When the health check ran, in seconds since the Unix epoch.')
  time.add({}, now.getTime() / 1000)
  const info = gauge('gpu_doctor_gpu_info', 'One series per GPU nvidia-smi reports; the value is always 1.')
  const genCur = gauge('gpu_doctor_gpu_pcie_link_generation_current', 'PCIe generation the GPU link runs at now.')
  const genMax = gauge('gpu_doctor_gpu_pcie_link_generation_max', 'Highest PCIe generation the GPU and its slot support.')
  const widthCur = gauge('gpu_doctor_gpu_pcie_link_width_current_lanes', 'PCIe lanes the GPU link uses now.')
  const widthMax = gauge('gpu_doctor_gpu_pcie_link_width_max_lanes', 'PCIe lanes the GPU link can use.')
  const degraded = gauge('gpu_doctor_gpu_pcie_link_degraded', 'Whether the PCIe link runs below its generation or width (1) or not (0).')
  const eccVolatile = gauge('gpu_doctor_gpu_ecc_uncorrectable_volatile_errors', 'Uncorrectable ECC errors since the driver loaded.')
  const eccAggregate = gauge('gpu_doctor_gpu_ecc_uncorrectable_aggregate_errors', 'Uncorrectable DRAM ECC errors over the life of the GPU.')
  const rowPending = gauge('gpu_doctor_gpu_remapped_rows_pending', 'Whether a row remapping waits for a GPU reset (1) or not (0).')
  const powerLimit = gauge('gpu_doctor_gpu_power_limit_watts', 'Power limit in force.')
  const powerDefault = gauge('gpu_doctor_gpu_power_default_limit_watts', 'Default power limit of the GPU.')
  for (const g of health.gpus) {
    const l = gpuLabels(g)
    info.add({ ...l, name: g.name }, 1)
    genCur.add(l, g.pcie.genCurrent)
    genMax.add(l, g.pcie.genMax)
    widthCur.add(l, g.pcie.widthCurrent)
    widthMax.add(l, g.pcie.widthMax)
    const { genCurrent, genMax: gm, widthCurrent, widthMax: wm } = g.pcie
    if (genCurrent !== null && gm !== null && widthCurrent !== null && wm !== null) degraded.add(l, genCurrent < gm || widthCurrent < wm ? 1 : 0)
    eccVolatile.add(l, g.ecc.volatileUncorrectable)
    eccAggregate.add(l, g.ecc.aggregateUncorrectable)
    rowPending.add(l, bool(g.remappedRows.pending))
    powerLimit.add(l, g.power.limitW)
    powerDefault.add(l, g.power.defaultLimitW)
  }
  const logReadable = gauge('gpu_doctor_kernel_log_readable', 'Whether the kernel log could be read for Xid events (1) or not (0).')
  logReadable.add({}, health.kernelLog.readable ? 1 : 0)
  const xids = gauge('gpu_doctor_kernel_log_xid_events', 'NVIDIA Xid events found in the kernel log.')
  if (health.kernelLog.readable) xids.add({}, health.kernelLog.xidCount)
  const finding = gauge('gpu_doctor_health_finding', 'One series per health finding (id as in GPU Doctor\'s findings list); the value is always 1.')
  for (const f of health.findings) {
    const g = findingGpu(f, health.gpus)
    finding.add({ id: f.id, severity: f.severity, ...(g ? gpuLabels(g) : { gpu: '', gpu_uuid: '', bus_id: '' }) }, 1)
  }
  const counts = gauge('gpu_doctor_health_findings', 'Health findings by severity.')
  for (const s of SEVERITIES) counts.add({ severity: s }, health.findings.filter((f) => f.severity === s).length)
  return renderExposition([success, time, info, genCur, genMax, widthCur, widthMax, degraded, eccVolatile, eccAggregate, rowPending, powerLimit, powerDefault, logReadable, xids, finding, counts])
}

/** A health check that could not read the GPUs: success 0 with the reason, so an alert sees the gap. */
export function healthFailureExposition(problem: GpuProblem, now: Date): string {
  const success = gauge('gpu_doctor_health_check_success', 'Whether GPU Doctor could read the GPUs (1) or not (0).')
  success.add({ problem: problem.code }, 0)
  const time = gauge('gpu_doctor_health_check_timestamp_seconds', 'When the health check ran, in seconds since the Unix epoch.')
  time.add({}, now.getTime() / 1000)
  return renderExposition([success, time])
}

/**
 * The health exposition for `serve --metrics`: at most one nvidia-smi read per `ttlMs` however often
 * it is scraped (concurrent scrapes share the read in flight).
 */
export function cachedHealthMetrics(read: () => Promise<{ ok: true; health: HealthResult } | { ok: false; problem: GpuProblem }>, ttlMs: number): () => Promise<string> {
  let last: { at: number; text: Promise<string> } | null = null
  return () => {
    const now = Date.now()
    if (last && now - last.at < ttlMs) return last.text
    const text = read().then((o) => (o.ok ? healthExposition(o.health, new Date()) : healthFailureExposition(o.problem, new Date())))
    last = { at: now, text }
    // A failed read is not kept: the next scrape tries again.
    text.catch(() => {
      last = null
    })
    return text
  }
}
