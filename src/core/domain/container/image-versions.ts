import type { ImageVersions } from '../../../shared/docker'
import { requirementFromEnv } from './require-cuda'

type Version = { value: string; source: string } | null

/** `KEY=VALUE` lines of an image config into a map (the first `=` splits). */
export function envMap(env: readonly string[] | null | undefined): Record<string, string> {
  const map: Record<string, string> = {}
  for (const line of env ?? []) {
    const eq = line.indexOf('=')
    if (eq > 0) map[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return map
}

function first(...candidates: Array<[string | undefined, string]>): Version {
  for (const [value, source] of candidates) if (value?.trim()) return { value: value.trim(), source }
  return null
}

/** Versions spelled in a tag: pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime, nvidia/cuda:12.8.1-cudnn-…, …-cu121. */
export function versionsFromTag(reference: string): { torch?: string; cuda?: string; cudnn?: string; nvidiaPytorch?: string } {
  const at = reference.split('@')[0]!
  const colon = at.lastIndexOf(':')
  if (colon < 0 || at.indexOf('/', colon) >= 0) return {}
  const repo = at.slice(0, colon).toLowerCase()
  const tag = at.slice(colon + 1)
  const leading = /^v?(\d+\.\d+(?:\.\d+)?)(?=[-_]|$)/.exec(tag)?.[1]
  const out: { torch?: string; cuda?: string; cudnn?: string; nvidiaPytorch?: string } = {}
  const cuda = /(?:^|[-_])cuda[-_]?(\d+(?:\.\d+){0,2})/i.exec(tag)?.[1] ?? cuShort(/(?:^|[-_+])cu(\d{3,4})(?=[-_]|$)/i.exec(tag)?.[1])
  if (cuda) out.cuda = cuda
  const cudnn = /cudnn[-_]?(\d+(?:\.\d+)*)/i.exec(tag)?.[1]
  if (cudnn) out.cudnn = cudnn
  if (/(^|\/)nvidia\/pytorch$/.test(repo)) {
    if (/^\d{2}\.\d{2}/.test(tag)) out.nvidiaPytorch = tag.slice(0, 5)
  } else if (/(^|\/)nvidia\/cuda$/.test(repo)) {
    if (leading) out.cuda = leading
  } else if (/torch/.test(repo) && leading) {
    out.torch = leading
  }
  return out
}

/** cu121 → 12.1, cu118 → 11.8, cu1280 → 12.8 (PyTorch's wheel tags). */
function cuShort(digits: string | undefined): string | undefined {
  if (!digits) return undefined
  return `${digits.slice(0, 2)}.${digits.slice(2, 3)}`
}

/**
 * PyTorch, CUDA and cuDNN versions an image declares, read from its config without running it:
 * environment first (CUDA images and NGC set them), then labels, then the tag itself.
 */
export function imageVersions(env: Record<string, string>, labels: Record<string, string>, tags: readonly string[]): ImageVersions {
  const fromTags = tags.map(versionsFromTag)
  const tagged = (key: 'torch' | 'cuda' | 'cudnn' | 'nvidiaPytorch'): [string | undefined, string] => {
    const i = fromTags.findIndex((t) => t[key])
    return [fromTags[i]?.[key], `tag ${tags[i] ?? ''}`]
  }
  return {
    torch: first([env.PYTORCH_VERSION, 'env PYTORCH_VERSION'], [env.PYTORCH_BUILD_VERSION, 'env PYTORCH_BUILD_VERSION'], [labels['com.nvidia.pytorch.version'], 'label com.nvidia.pytorch.version'], tagged('torch')),
    cuda: first([env.CUDA_VERSION, 'env CUDA_VERSION'], [labels['com.nvidia.cuda.version'], 'label com.nvidia.cuda.version'], tagged('cuda')),
    cudnn: first(
      [env.NV_CUDNN_VERSION, 'env NV_CUDNN_VERSION'],
      [env.CUDNN_VERSION, 'env CUDNN_VERSION'],
      [labels['com.nvidia.cudnn.version'], 'label com.nvidia.cudnn.version'],
      tagged('cudnn'),
    ),
    nvidiaPytorch: first([env.NVIDIA_PYTORCH_VERSION, 'env NVIDIA_PYTORCH_VERSION'], tagged('nvidiaPytorch')),
    requireCuda: requirementFromEnv(env),
  }
}
