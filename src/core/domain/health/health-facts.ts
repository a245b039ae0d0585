import type { GpuHealthFacts } from '../../../shared/health'
import { queryTextGpus } from '../../platform/nvidia-smi/parse-query-text'
import { queryXmlGpus } from '../../platform/nvidia-smi/parse-query-xml'
import type { ReportReader } from '../../platform/nvidia-smi/query-report'
import { smiBool, smiNull, smiNumber } from '../../platform/nvidia-smi/smi-values'
import { HEALTH_PATHS, type HealthField } from './health-names'
import { truncateEcho } from '../../../shared/echo-cut'

export type { GpuHealthFacts }

const yes = (v: string | null): boolean | null => {
  const s = smiNull(v)?.toLowerCase()
  if (s === undefined || s === null) return null
  if (s === 'yes' || s === 'active' || s === 'enabled') return true
  if (s === 'no' || s === 'not active' || s === 'disabled') return false
  return null
}

/**
 * What each number can be on real hardware; anything else (PCIe Gen -1, utilisation -1 %, 2e+23 ECC
 * errors) is a damaged or forged report, read as "not available" rather than judged.
 */
type Range = readonly [min: number, max: number, integer: boolean]
const COUNT: Range = [0, Number.MAX_SAFE_INTEGER, true]
const RANGES: Partial<Record<HealthField, Range>> = {
  pcieGenCurrent: [1, 8, true],
  pcieGenMax: [1, 8, true],
  pcieWidthCurrent: [1, 32, true],
  pcieWidthMax: [1, 32, true],
  utilizationGpu: [0, 100, false],
  volatileDramUncorrectable: COUNT,
  volatileSramParity: COUNT,
  volatileSramSecded: COUNT,
  volatileDoubleBit: COUNT,
  aggregateDramUncorrectable: COUNT,
  remappedUncorrectable: COUNT,
  powerLimit: [0, 10_000, false],
  powerLimitOld: [0, 10_000, false],
  powerLimitDefault: [0, 10_000, false],
  powerLimitDefaultOld: [0, 10_000, false],
  appClockGraphics: [0, 10_000, false],
  appClockGraphicsDefault: [0, 10_000, false],
}

function inRange(field: HealthField, value: number | null): number | null {
  const range = RANGES[field]
  if (value === null || !range) return value
  const [min, max, integer] = range
  return Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value)) ? value : null
}

const sum = (values: (number | null)[]): number | null => (values.every((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0))

function factsOf<N>(reader: ReportReader<N>, side: 0 | 1, gpu: N, index: number): GpuHealthFacts {
  const at = (field: HealthField) => reader.at(gpu, HEALTH_PATHS[field][side])
  const num = (field: HealthField) => inRange(field, smiNumber(at(field)))
  // Text fields are echoed in the table and in every finding: a 3 MB name is cut as any echoed value is.
  const str = (field: HealthField) => {
    const value = smiNull(at(field))
    return value === null ? null : truncateEcho(value)
  }
  return {
    index,
    name: str('name') ?? '',
    busId: str('busId'),
    uuid: smiNull(at('uuid')) ?? undefined,
    utilizationGpu: num('utilizationGpu'),
    pcie: { genCurrent: num('pcieGenCurrent'), genMax: num('pcieGenMax'), widthCurrent: num('pcieWidthCurrent'), widthMax: num('pcieWidthMax') },
    ecc: {
      enabled: smiBool(at('eccMode')),
      volatileUncorrectable: sum([num('volatileDramUncorrectable'), num('volatileSramParity'), num('volatileSramSecded'), num('volatileDoubleBit')]),
      aggregateUncorrectable: num('aggregateDramUncorrectable'),
    },
    retiredPagesPending: yes(at('retiredPending')) ?? yes(at('retiredPendingRetirement')),
    remappedRows: { uncorrectable: num('remappedUncorrectable'), pending: yes(at('remappedPending')), failure: yes(at('remappedFailure')) },
    recoveryAction: str('recoveryAction'),
    persistenceMode: smiBool(at('persistenceMode')),
    power: { limitW: num('powerLimit') ?? num('powerLimitOld'), defaultLimitW: num('powerLimitDefault') ?? num('powerLimitDefaultOld') },
    appClocks: {
      graphicsMHz: num('appClockGraphics'),
      defaultGraphicsMHz: num('appClockGraphicsDefault'),
      reasonActive: yes(at('appClocksReason')) ?? yes(at('appClocksReasonOld')),
    },
    migEnabled: smiBool(at('migMode')),
    fabric: { state: str('fabricState'), status: str('fabricStatus') },
  }
}

export interface HealthReport {
  driverVersion: string | null
  gpus: GpuHealthFacts[]
}

/** Reads `nvidia-smi -q -x` or `nvidia-smi -q` text; null when the text is neither. */
export function readHealthFacts(text: string): HealthReport | null {
  if (/^\s*(<\?xml|<!DOCTYPE|<nvidia_smi_log)/.test(text)) {
    const xml = queryXmlGpus(text)
    if (!xml || xml.gpus.length === 0) return null
    return { driverVersion: xml.reader.versions(xml.root).driverVersion, gpus: xml.gpus.map((g, i) => factsOf(xml.reader, 1, g, i)) }
  }
  const q = queryTextGpus(text)
  if (q.gpus.length === 0) return null
  return { driverVersion: q.reader.versions(q.root).driverVersion, gpus: q.gpus.map((g, i) => factsOf(q.reader, 0, g, i)) }
}
