import type { TFunction } from 'i18next'

import type { DetailedResult } from '../../core/recommend/recommend'
import { reasonText } from '../../core/recommend/reasons'
import type { Reason } from '../../core/recommend/types'

const PLATFORM = { linux: 'Linux', windows: 'Windows' } as const

/** A core reason in the CLI language; English when a translation is missing. */
export function reasonLine(r: Reason, t: TFunction): string {
  return t(r.code, { ns: 'reasons', ...r.vars, defaultValue: reasonText(r) })
}

function header(result: DetailedResult, t: TFunction): string[] {
  const { input } = result
  const lines = [`${t('recommend.gpus')}:`]
  for (const g of input.gpus) {
    const vars = { index: g.index, name: g.name ?? '—', cc: g.computeCapability, source: t(`recommend.source.${g.source}`) }
    lines.push(`  ${g.computeCapability ? t('recommend.gpu', vars) : t('recommend.gpuUnknown', vars)}`)
  }
  const platform = PLATFORM[input.platform]
  const driver =
    input.highestCudaSource === 'assumed'
      ? t('recommend.driverAssumed', { platform })
      : t('recommend.driverLine', {
          driver: input.driverVersion ?? t('recommend.unknownValue'),
          cuda: input.highestCuda ?? t('recommend.unknownValue'),
          source: t(`recommend.cudaSource.${input.highestCudaSource}`),
          platform,
        })
  lines.push(`${t('recommend.driver')}: ${driver}`)
  return lines
}

/** The human view of `gpu-doctor recommend`: the machine, then each image with reasons and commands. */
export function renderRecommend(result: DetailedResult, t: TFunction): string {
  const lines = header(result, t)
  if (result.recommendations.length === 0) {
    lines.push('', t('recommend.none'))
    for (const b of result.blockers) lines.push(`  - ${reasonLine(b, t)}`)
    return lines.join('\n')
  }
  const unknown = t('recommend.unknownValue')
  result.recommendations.forEach(({ recommendation: r, reasons }, i) => {
    lines.push('', `${i + 1}. ${r.image}`)
    lines.push(
      `   ${t('recommend.details', {
        compatibility: t(`recommend.compat.${r.compatibility}`),
        pytorch: r.pytorch ?? unknown,
        cuda: r.cuda,
        cudnn: r.cudnn ?? unknown,
        confidence: r.confidence,
      })}`,
    )
    for (const reason of reasons) lines.push(`   - ${reasonLine(reason, t)}`)
    lines.push(`   $ ${r.pull}`, `   $ ${r.run}`)
  })
  if (result.recommendations.some((p) => p.recommendation.confidence !== 'P')) lines.push('', t('recommend.legend'))
  return lines.join('\n')
}
