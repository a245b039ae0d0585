import { useTranslation } from 'react-i18next'

import type { GpuInfo } from '../../../shared/gpu'
import { DASH } from '../../components/number-format'

/** The GPU's fixed facts: UUID, compute capability, bus, persistence, MIG, P-state. */
export function GpuIdentity({ gpu }: { gpu: GpuInfo }) {
  const { t } = useTranslation()
  const flag = (value: boolean | null, on: string, off: string) => (value === null ? DASH : t(value ? on : off))
  const rows: Array<[string, string, string]> = [
    ['uuid', t('gpu.uuid'), gpu.uuid ?? DASH],
    ['cc', t('gpu.cc'), gpu.computeCapability ?? DASH],
    ['bus', t('gpu.bus'), gpu.busId ?? DASH],
    ['persistence', t('gpu.persistence'), flag(gpu.persistenceMode, 'value.on', 'value.off')],
    ['mig', t('gpu.mig'), flag(gpu.migMode, 'value.enabled', 'value.disabled')],
    ['pstate', t('gpu.pstate'), gpu.pstate ?? DASH],
  ]
  if (gpu.driverModel) rows.push(['driver-model', t('gpu.driverModel'), gpu.driverModel])
  return (
    <dl className="facts facts--gpu">
      {rows.map(([id, label, value]) => (
        <div key={id} className={`facts__row facts__row--${id}`}>
          <dt>{label}</dt>
          <dd data-testid={`gpu-${id}-${gpu.index}`}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
