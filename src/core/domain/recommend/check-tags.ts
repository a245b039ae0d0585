import type { CpuArch, RecommendResult, TagCheckResult } from '../../../shared/recommend'
import { checkTags, type TagCheckOptions } from '../../platform/registry/tag-check'
import { OCI_PLATFORM } from './choose'

/**
 * Asks the registries whether each recommended tag exists and for which platforms, and whether one
 * of them is this machine's. A tag that could not be asked about says why (offline, refused, slow).
 */
export function checkRecommendedTags(result: RecommendResult, options: TagCheckOptions = {}): Promise<TagCheckResult[]> {
  return checkImageTags(result.recommendations.map((r) => r.image), result.input.cpuArch ?? 'x86_64', options)
}

/** The same for a list of images on a machine of this CPU architecture (the `recommend:check-tags` channel). */
export async function checkImageTags(list: readonly string[], cpuArch: CpuArch, options: TagCheckOptions = {}): Promise<TagCheckResult[]> {
  const platform = OCI_PLATFORM[cpuArch]
  const images = [...new Set(list)]
  const checks = await checkTags(images, options)
  return checks.map((c) => {
    if (c.status === 'found') return { image: c.image, status: 'found', platforms: c.platforms, runsHere: c.platforms.includes(platform), platform, detail: null }
    if (c.status === 'missing') return { image: c.image, status: 'missing', platforms: [], runsHere: false, platform, detail: c.detail }
    return { image: c.image, status: 'not-checked', platforms: [], runsHere: null, platform, detail: c.reason }
  })
}

/** A check as a reason code with its values, for the front ends to translate. */
export function checkReason(c: TagCheckResult): { code: string; vars: Record<string, string> } {
  const vars = { image: c.image, platforms: c.platforms.join(', ') || '—', platform: c.platform, detail: c.detail ?? '' }
  if (c.status === 'found') return { code: c.runsHere ? 'check.found' : 'check.otherPlatform', vars }
  return { code: c.status === 'missing' ? 'check.missing' : 'check.notChecked', vars }
}
