import { useTranslation } from 'react-i18next'

import type { RecommendResult } from '../../../shared/recommend'
import { useImages } from './images-context'
import { DASH } from '../../components/number-format'
import { RecommendationCard } from './RecommendationCard'
import { RegistryCheck } from './RegistryCheck'
import { CopyLine } from '../../components/CopyLine'
import { RichText } from '../../components/RichText'
import { reasonTexts } from './reason-text'

/** Local image tags, for "already on this machine" (Docker Hub images may be listed without docker.io/). */
function useLocalTags(): Set<string> {
  const images = useImages((s) => s.images.value)
  const tags = new Set<string>()
  for (const img of images ?? []) for (const tag of img.tags) tags.add(tag.replace(/^docker\.io\/(library\/)?/, ''))
  return tags
}

/** What the answer was computed for: GPUs, driver and its CUDA, platform, variant. */
function InputEcho({ input }: { input: RecommendResult['input'] }) {
  const { t } = useTranslation()
  const gpus = input.gpus.length
    ? Object.entries(
        input.gpus.reduce<Record<string, number>>((acc, g) => {
          const key = `${g.name ?? '?'}${g.computeCapability ? ` (${g.computeCapability})` : ''}`
          acc[key] = (acc[key] ?? 0) + 1
          return acc
        }, {}),
      )
        .map(([name, n]) => (n > 1 ? `${n}× ${name}` : name))
        .join(', ')
    : DASH
  return (
    <p className="rec-input" data-testid="rec-input">
      {t('img.for', {
        gpus,
        driver: input.driverVersion ?? t('img.driverUnknown'),
        cuda: input.highestCuda ?? DASH,
        platform: t(`img.platform.${input.platform}`),
        variant: t(`img.variant.${input.variant}`),
      })}
      {input.torch && <> · {t('img.pinned', { torch: input.torch })}</>}
      {input.cpuArch && <> · {t('img.cpu', { arch: input.cpuArch })}</>}
    </p>
  )
}

/** The pick and its alternatives, or the blockers when nothing can run. */
export function RecommendationList({ result, canPull, testId }: { result: RecommendResult; canPull: boolean; testId: string }) {
  const { t } = useTranslation()
  const local = useLocalTags()
  const blockers = result.blockers ?? []
  const isLocal = (image: string) => local.has(image.replace(/^docker\.io\/(library\/)?/, ''))
  // The pick leads; the alternatives fold, so the page answers first and lists after.
  const [pick, ...alternatives] = result.recommendations
  return (
    <div className="rec-list" data-testid={testId} data-count={result.recommendations.length}>
      <InputEcho input={result.input} />
      {(blockers.length > 0 || result.recommendations.length === 0) && (
        <div className="banner banner--error blockers" data-testid={`${testId}-blockers`} role="alert">
          <strong>{t('img.blockers')}</strong>
          <ul>
            {reasonTexts(t, blockers, result.blockerCodes).map((b, i) => (
              <li key={i} data-testid="blocker">
                {b}
              </li>
            ))}
          </ul>
          {blockers.length === 0 && <p>{t('img.noneFound')}</p>}
        </div>
      )}
      {pick && <RecommendationCard rec={pick} primary canPull={canPull} present={isLocal(pick.image)} />}
      {alternatives.length > 0 && (
        <details className="rec-alts" data-testid={`${testId}-alternatives`}>
          <summary>{t('img.alternatives', { count: alternatives.length })}</summary>
          {alternatives.map((rec) => (
            <RecommendationCard key={rec.image} rec={rec} primary={false} canPull={canPull} present={isLocal(rec.image)} />
          ))}
        </details>
      )}
      {result.wheel && (
        <div className="rec-wheel" data-testid={`${testId}-wheel`}>
          <strong>{t('img.wheel.title')}</strong>
          <p>{result.wheel.confidence === 'P' ? '' : `[${result.wheel.confidence}] `}{t('wheel.aarch64', { ns: 'reasons', torch: result.wheel.torch, cudaTag: result.wheel.cudaTag, cuda: result.wheel.cuda, archList: result.wheel.archList })}</p>
          <CopyLine label="pip" text={result.wheel.install} testId={`${testId}-wheel-install`} />
        </div>
      )}
      <RegistryCheck result={result} testId={testId} />
      {result.tables && (
        <p className="muted rec-tables" data-testid={`${testId}-tables`}>
          <RichText text={t('tables.asOf', { ns: 'reasons', date: result.tables.asOf, ...result.tables.newest, defaultValue: result.tables.text })} />
        </p>
      )}
    </div>
  )
}
