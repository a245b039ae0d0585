import type { CompatData } from '../../../shared/compat-data'
import type { ImageVariant, Recommendation } from '../../../shared/recommend'
import { parseArchList } from '../../knowledge/compat/arch-list'
import { type Candidate, ngcCandidate, officialCandidate } from './candidates'
import { cudaMinor } from '../../knowledge/compat/driver'
import { compatData } from '../../knowledge/compat/data'
import { resolveMachine } from './machine'
import { present } from './present'
import { rateCandidate } from './rate'
import type { RecommendInput } from './types'

/** What Docker says about a local image: `RepoTags` and `Config.Env` ("KEY=value"). */
export interface ImageFacts {
  repoTags: readonly string[]
  env?: readonly string[] | null
}

const OFFICIAL_TAG = /^(\d+\.\d+\.\d+)-cuda(\d+\.\d+)-cudnn(\d+)-(runtime|devel)$/
const NGC_TAG = /^(\d{2}\.\d{2})-py3\b/

/** "docker.io/pytorch/pytorch:2.7.1-…" → repository "pytorch/pytorch", tag "2.7.1-…". */
function splitRef(ref: string): { repository: string; tag: string } | null {
  const at = ref.indexOf('@')
  const name = at >= 0 ? ref.slice(0, at) : ref
  const colon = name.lastIndexOf(':')
  if (colon <= name.lastIndexOf('/')) return null
  const repository = name
    .slice(0, colon)
    .replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '')
    .replace(/^library\//, '')
  return { repository, tag: name.slice(colon + 1) }
}

function fromTags(refs: readonly string[], env: Map<string, string>, data: CompatData): Candidate | null {
  const official = new Set([data.images.official.repository, ...data.images.official.aliases.map((a) => splitRef(`${a}:x`)?.repository ?? a)])
  for (const ref of refs) {
    const parts = splitRef(ref)
    if (!parts) continue
    const o = official.has(parts.repository) ? OFFICIAL_TAG.exec(parts.tag) : null
    if (o) {
      const c = officialCandidate(data, { torch: o[1]!, cuda: o[2]!, cudnnMajor: Number(o[3]), variant: o[4] as ImageVariant, image: ref })
      if (c) return c
    }
    const n = parts.repository === data.images.ngc.repository ? NGC_TAG.exec(parts.tag) : null
    const row = n ? data.images.ngc.releases.find((r) => r.release === n[1]) : undefined
    if (row) {
      const c = ngcCandidate(data, { ...row, cuda: row.cuda ?? cudaMinor(env.get('CUDA_VERSION')) }, ref)
      if (c) return c
    }
  }
  return null
}

/** An image known only by its environment (CUDA_VERSION, PYTORCH_VERSION, TORCH_CUDA_ARCH_LIST). */
function fromEnv(refs: readonly string[], env: Map<string, string>, data: CompatData): Candidate | null {
  const cuda = cudaMinor(env.get('CUDA_VERSION')) ?? cudaMinor(/cuda>=(\d+\.\d+)/.exec(env.get('NVIDIA_REQUIRE_CUDA') ?? '')?.[1])
  if (!cuda) return null
  const image = refs[0] ?? '<none>'
  const variant: ImageVariant = /devel/i.test(image) ? 'devel' : 'runtime'
  const pytorch = env.get('PYTORCH_VERSION') ?? null
  const cudnn = env.get('CUDNN_VERSION') ?? null
  const listed = env.get('TORCH_CUDA_ARCH_LIST')
  const entries = listed ? parseArchList(listed) : null
  const wheel = pytorch ? officialCandidate(data, { torch: pytorch.replace(/[^\d.].*$/, ''), cuda, cudnnMajor: 9, variant: 'runtime' }) : null
  return {
    source: 'custom',
    image,
    pytorch,
    release: pytorch ?? '0',
    cuda: env.get('CUDA_VERSION') ?? cuda,
    cudnn,
    cudnnMajor: cudnn ? Number(cudnn.split('.')[0]) : null,
    variant,
    // The image's own list is a fact about it; a PyTorch version only suggests the official wheel's.
    arch: entries
      ? { kind: 'list', entries, mark: 'P', ptxMark: 'P' }
      : wheel?.arch.kind === 'list'
        ? { ...wheel.arch, mark: 'U', ptxMark: 'U' }
        : { kind: 'unknown' },
    mark: 'P',
    notes: [],
    // Already on this machine: which platform it was built for is not in the environment.
    platforms: [],
    tegra: [],
  }
}

function envMap(env: readonly string[] | null | undefined): Map<string, string> {
  const map = new Map<string, string>()
  for (const line of env ?? []) {
    const eq = line.indexOf('=')
    if (eq > 0) map.set(line.slice(0, eq), line.slice(eq + 1))
  }
  return map
}

/**
 * Rates an image already on disk for a machine with the same engine as `recommend`: by its
 * pytorch/pytorch or NGC tag, else by its environment. Null when nothing about it says PyTorch or
 * CUDA. GPUs of the machine that cannot be identified are left out of the verdict.
 */
export function rateImage(image: ImageFacts | string, machine: RecommendInput, data: CompatData = compatData()): Recommendation | null {
  const facts: ImageFacts = typeof image === 'string' ? { repoTags: [image], env: [] } : image
  const env = envMap(facts.env)
  const candidate = fromTags(facts.repoTags, env, data) ?? fromEnv(facts.repoTags, env, data)
  if (!candidate) return null
  const { machine: resolved } = resolveMachine(machine, data)
  return present(rateCandidate(candidate, resolved, data)).recommendation
}
