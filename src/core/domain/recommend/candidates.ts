import type { CompatData, ImagePlatform, Mark, NgcRelease, OfficialTag, TegraDevice } from '../../../shared/compat-data'
import type { ImageVariant } from '../../../shared/recommend'
import { compareVersions } from '../../knowledge/compat/compare-versions'
import { parseArchList } from '../../knowledge/compat/arch-list'
import { cudaMinor } from '../../knowledge/compat/driver'
import { weakest } from '../../knowledge/compat/marks'
import { reason } from './reasons'
import type { Reason } from './types'

/** What an image has code for: a compiled list, NGC's stated lowest compute capability, or nothing known. */
export type ArchSpec =
  | { kind: 'list'; entries: string[]; mark: Mark; ptxMark: Mark }
  | { kind: 'min-cc'; minCc: string | null; mark: Mark }
  | { kind: 'unknown' }

/** An image the engine can rate. */
export interface Candidate {
  source: 'official' | 'ngc' | 'custom'
  image: string
  pytorch: string | null
  /** PyTorch release ("2.14") for official images, NGC release ("25.09"): the "newest" order. */
  release: string
  cuda: string
  cudnn: string | null
  cudnnMajor: number | null
  variant: ImageVariant
  arch: ArchSpec
  /** -devel tags may hold a from-source build with this list instead [U]. */
  /** Weakest mark of the facts the candidate itself rests on: the tag exists, its CUDA. */
  mark: Mark
  /** Marked facts shown with it (a secondary tag, a conflicting cuDNN pin). */
  notes: Reason[]
  /** Platforms the tag is published for. */
  platforms: ImagePlatform[]
  /** Jetson module families whose integrated GPU it is known to run on. */
  tegra: TegraDevice[]
}

/** Newest first: by release, then by CUDA. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return compareVersions(b.release, a.release) || compareVersions(cudaMinor(b.cuda) ?? b.cuda, cudaMinor(a.cuda) ?? a.cuda)
}

const releaseOf = (torch: string) => /^(\d+\.\d+)/.exec(torch)?.[1] ?? torch

/**
 * The official image `pytorch/pytorch:<torch>-cuda<X.Y>-cudnn<N>-<variant>` with the facts of its
 * release variant, or null when that release has no such CUDA variant in the data.
 */
export function officialCandidate(
  data: CompatData,
  spec: { torch: string; cuda: string; cudnnMajor: number; variant: ImageVariant; image?: string; tagMark?: Mark | null; platforms?: ImagePlatform[] },
): Candidate | null {
  const release = data.releases.releases.find((r) => r.release === releaseOf(spec.torch))
  const variant = release?.variants.find((v) => cudaMinor(v.cuda) === spec.cuda)
  if (!release || !variant) return null
  const entries = variant.archList ? parseArchList(variant.archList) : null
  const cudaMark = variant.fieldConfidence?.cuda ?? variant.confidence
  const cudnnMark = variant.fieldConfidence?.cudnn ?? variant.confidence
  const tag = `${spec.torch}-cuda${spec.cuda}-cudnn${spec.cudnnMajor}-${spec.variant}`
  const notes: Reason[] = []
  if (spec.tagMark && spec.tagMark !== 'P') notes.push(reason('mark.tag', { mark: spec.tagMark, tag }))
  if (entries && variant.archConfidence !== 'P') notes.push(reason('mark.arch', { mark: variant.archConfidence }))
  if (variant.cudnn && cudnnMark !== 'P') notes.push(reason('mark.cudnn', { mark: cudnnMark, cudnn: variant.cudnn }))
  return {
    source: 'official',
    image: spec.image ?? `${data.images.official.repository}:${tag}`,
    pytorch: spec.torch,
    release: release.release,
    cuda: variant.cuda,
    cudnn: variant.cudnn,
    cudnnMajor: spec.cudnnMajor,
    variant: spec.variant,
    arch: entries
      ? { kind: 'list', entries, mark: variant.archConfidence, ptxMark: variant.ptxConfidence ?? variant.archConfidence }
      : { kind: 'unknown' },
    mark: weakest(spec.tagMark, cudaMark),
    notes,
    // A tag the tables do not list (a local image) is taken as the amd64 build every release has.
    platforms: spec.platforms ?? data.images.official.tags.find((t) => t.torch === spec.torch && t.cuda === spec.cuda)?.platforms ?? ['linux/amd64'],
    tegra: [],
  }
}

function fromTag(data: CompatData, row: OfficialTag, variant: ImageVariant): Candidate | null {
  return officialCandidate(data, { torch: row.torch, cuda: row.cuda, cudnnMajor: row.cudnnMajor, variant, tagMark: row.confidence, platforms: row.platforms })
}

/** Every published official tag of one variant, newest first. */
export function officialCandidates(data: CompatData, variant: ImageVariant): Candidate[] {
  return data.images.official.tags
    .map((row) => fromTag(data, row, variant))
    .filter((c): c is Candidate => c !== null)
    .sort(compareCandidates)
}

/** An NGC release as a candidate; null when its CUDA is not known (it cannot be rated). */
export function ngcCandidate(data: CompatData, row: NgcRelease, image?: string): Candidate | null {
  if (!row.cuda) return null
  const cudaMark = row.fieldConfidence?.cuda ?? row.confidence
  const notes: Reason[] = []
  if (cudaMark !== 'P') notes.push(reason('mark.ngcCuda', { mark: cudaMark, release: row.release }))
  if (!row.pytorch) notes.push(reason('mark.ngcTorch', { release: row.release }))
  return {
    source: 'ngc',
    image: image ?? `${data.images.ngc.repository}:${row.tag}`,
    pytorch: row.pytorch,
    release: row.release,
    cuda: row.cuda,
    cudnn: row.cudnn,
    cudnnMajor: row.cudnn ? Number(row.cudnn.split('.')[0]) : null,
    // NGC containers carry the whole CUDA toolkit.
    variant: 'devel',
    arch: { kind: 'min-cc', minCc: row.minCc, mark: row.fieldConfidence?.minCc ?? row.confidence },
    mark: weakest(row.confidence, cudaMark),
    notes,
    platforms: row.platforms,
    tegra: row.tegra ?? [],
  }
}

/** NGC releases whose CUDA is known, newest first. */
export function ngcCandidates(data: CompatData): Candidate[] {
  return data.images.ngc.releases
    .map((row) => ngcCandidate(data, row))
    .filter((c): c is Candidate => c !== null)
    .sort(compareCandidates)
}
