import type { TFunction } from 'i18next'

import { checkReason, reasonText } from '../../core/app/recommend-texts'
import type { DetailedResult } from '../../core/domain/recommend/recommend'
import type { RecommendResult, TagCheckResult } from '../../shared/recommend'
import type { Reason } from '../../core/domain/recommend/types'
import type { Style } from '../terminal/terminal-style'

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
  if (input.cpuArch) lines.push(`${t('recommend.arch')}: ${input.cpuArch} (${t(`recommend.archSource.${input.cpuArchSource ?? 'assumed'}`)})`)
  return lines
}

/** The aarch64 wheel, the registry checks and the tables' date: what follows the images. */
function footer(result: DetailedResult, t: TFunction, checks: readonly TagCheckResult[] | undefined): string[] {
  const lines: string[] = []
  if (result.wheel) {
    const w = result.wheel
    // A wheel resting on a secondary or unverified fact says so, as the image reasons do.
    const mark = w.confidence === 'P' ? '' : `[${w.confidence}] `
    lines.push('', mark + reasonLine({ code: 'wheel.aarch64', vars: { torch: w.torch, cudaTag: w.cudaTag, cuda: w.cuda, archList: w.archList } }, t), `   $ ${w.install}`)
  }
  if (checks && checks.length > 0) {
    lines.push('', `${t('recommend.checkTitle')}:`)
    for (const c of checks) lines.push(`  - ${reasonLine(checkReason(c), t)}`)
  }
  lines.push('', reasonLine(result.tables, t))
  return lines
}

/** The human view of `gpu-doctor recommend`: the machine, then each image with reasons and commands. */
export function renderRecommend(
  result: DetailedResult,
  t: TFunction,
  style: Style,
  checks?: readonly TagCheckResult[],
  engineGpuSetup?: RecommendResult['engineGpuSetup'],
): string {
  const lines = header(result, t)
  if (result.recommendations.length === 0) {
    lines.push('', style.paint('fail', t('recommend.none')))
    for (const b of result.blockers) lines.push(`  - ${reasonLine(b, t)}`)
    lines.push(...footer(result, t, checks))
    return lines.join('\n')
  }
  // The engine cannot start a GPU container: the toolkit comes before any run line.
  if (engineGpuSetup) {
    lines.push('', style.paint('warn', t('recommend.engineNoGpu', { os: engineGpuSetup.os })))
    for (const command of engineGpuSetup.commands) lines.push(`   $ ${command}`)
  }
  const unknown = t('recommend.unknownValue')
  result.recommendations.forEach(({ recommendation: r, reasons }, i) => {
    lines.push('', `${i + 1}. ${style.paint('bold', r.image)}`)
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
  lines.push(...footer(result, t, checks))
  return lines.join('\n')
}
