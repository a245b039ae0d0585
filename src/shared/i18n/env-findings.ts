// Texts of the environment findings (one id per variable that can earn a warning), made from
// resources/data/cuda-environment.json so that each variable's effect and fix are written once, in
// both languages, beside its source. Their ids are typed constants generated from the same table (env-finding-ids.ts).

import table from '../../../resources/data/cuda-environment.json' with { type: 'json' }
import { ENV_FINDING_IDS, type EnvFindingId } from './env-finding-ids'

export type { EnvFindingId }

type EffectClass = 'slowdown' | 'debugging-mode' | 'changed-device-set' | 'changed-allocator'

const TITLE_EN: Record<EffectClass, string> = {
  slowdown: 'slows CUDA work down',
  'debugging-mode': 'switches a debugging mode on',
  'changed-device-set': 'hides GPUs from PyTorch',
  'changed-allocator': "changes PyTorch's memory allocator",
}
const TITLE_ZH: Record<EffectClass, string> = {
  slowdown: '拖慢了 CUDA 运算',
  'debugging-mode': '开启了调试模式',
  'changed-device-set': '对 PyTorch 隐藏了 GPU',
  'changed-allocator': '改变了 PyTorch 的显存分配器',
}

/** A slowdown said of what it slows: NCCL_NVLS_ENABLE slows NCCL's collectives, not all CUDA work. */
const SLOWS_EN: Record<string, string> = {
  nccl: "slows NCCL's collectives down",
  cudnn: 'slows cuDNN convolutions down',
  cublas: 'slows cuBLAS matrix multiplies down',
}
const SLOWS_ZH: Record<string, string> = {
  nccl: '拖慢了 NCCL 集合通信',
  cudnn: '拖慢了 cuDNN 卷积',
  cublas: '拖慢了 cuBLAS 矩阵乘法',
}

/** The keys of the environment findings' texts. */
export type EnvFindingKey = `${EnvFindingId}.${'title' | 'message' | 'fix'}`

/** The naming rule of a variable's finding id: CUDA_LAUNCH_BLOCKING → env-cuda-launch-blocking. */
export function envFindingIdOf(name: string): string {
  return `env-${name.toLowerCase().replace(/_/g, '-')}`
}

const KNOWN: ReadonlySet<string> = new Set(ENV_FINDING_IDS)

/** The finding id of a variable that can earn a warning; undefined for one that cannot (informational, or not in the table). */
export function envFindingId(name: string): EnvFindingId | undefined {
  const id = envFindingIdOf(name)
  return KNOWN.has(id) ? (id as EnvFindingId) : undefined
}

interface Row {
  name: string
  area: string
  class: string
  effect: string
  effectZh: string
  fix: string
  fixZh: string
}

const warning = (table.variables as Row[]).filter((v): v is Row & { class: EffectClass } => v.class !== 'informational')

// Keyed by the ids of env-finding-ids.ts, which are generated from this same table and filter
// (test/shared/i18n/env-finding-ids.test.ts holds the two equal).
function texts(lang: 'en' | 'zh'): Record<EnvFindingKey, string> {
  const out: Record<string, string> = {}
  for (const v of warning) {
    const id = envFindingIdOf(v.name)
    const counts = v.class === 'changed-device-set' ? (lang === 'en' ? ' GPUs on the host: {{hostCount}}; PyTorch sees {{torchCount}} of them.' : ' PyTorch 看到 {{hostCount}} 块 GPU 中的 {{torchCount}} 块。') : ''
    const what = lang === 'en' ? (v.class === 'slowdown' ? SLOWS_EN[v.area] : undefined) ?? TITLE_EN[v.class] : (v.class === 'slowdown' ? SLOWS_ZH[v.area] : undefined) ?? TITLE_ZH[v.class]
    out[`${id}.title`] = `${v.name} ${what}`
    out[`${id}.message`] = lang === 'en' ? `${v.name}={{value}}: ${v.effect}${counts}` : `${v.name}={{value}}：${v.effectZh}${counts}`
    out[`${id}.fix`] = lang === 'en' ? v.fix : v.fixZh
  }
  return out as Record<EnvFindingKey, string>
}

export const envFindingsEn = texts('en')
export const envFindingsZh = texts('zh')
