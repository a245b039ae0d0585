import type { GpuHealthFacts } from '../../shared/health'
import { queryTextGpus } from '../nvidia-smi/parse-query-text'
import { queryXmlGpus } from '../nvidia-smi/parse-query-xml'
import type { ReportReader } from '../nvidia-smi/query-report'
import { smiBool, smiNull, smiNumber } from '../nvidia-smi/smi-values'
import { HEALTH_PATHS, type HealthField } from './health-names'

export type { GpuHealthFacts }

const yes = (v: string | null): boolean | null => {
  const s = smiNull(v)?.toLowerCase()
  if (s === undefined || s === null) return null
  if (s === 'yes' || s === 'active' || s === 'enabled') return true
  if (s === 'no' || s === 'not active' || s === 'disabled') return false
  return null
}

const sum = (values: (number | null)[]): number | null => (values.every((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0))

function factsOf<N>(reader: ReportReader<N>, side: 0 | 1, gpu: N, index: number): GpuHealthFacts {
  const at = (field: HealthField) => reader.at(gpu, HEALTH_PATHS[field][side])
  const num = (field: HealthField) => smiNumber(at(field))
  return {
    index,
    name: smiNull(at('name')) ?? '',
    busId: smiNull(at('busId')),
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
    recoveryAction: smiNull(at('recoveryAction')),
    persistenceMode: smiBool(at('persistenceMode')),
    power: { limitW: num('powerLimit') ?? num('powerLimitOld'), defaultLimitW: num('powerLimitDefault') ?? num('powerLimitDefaultOld') },
    appClocks: {
      graphicsMHz: num('appClockGraphics'),
      defaultGraphicsMHz: num('appClockGraphicsDefault'),
      reasonActive: yes(at('appClocksReason')) ?? yes(at('appClocksReasonOld')),
    },
    migEnabled: smiBool(at('migMode')),
    fabric: { state: smiNull(at('fabricState')), status: smiNull(at('fabricStatus')) },
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
