// Which reader feeds the live samples, and why NVML is not used (i18next namespace 'sampler').

export const samplerEn = {
  'sampler.nvml': 'NVML, in-process',
  'sampler.smi': 'nvidia-smi stream',
  'sampler.using': 'Sampler: {{source}}',
  'sampler.usingFallback': 'Sampler: {{source}} (NVML not used: {{reason}})',
  'sampler.fallback.disabled': 'turned off by GPU_DOCTOR_SAMPLER=nvidia-smi',
  'sampler.fallback.explicitSmi': 'an nvidia-smi was chosen explicitly ({{path}}); GPU_DOCTOR_SAMPLER=nvml uses NVML anyway',
  'sampler.fallback.unsupportedPlatform': 'there is no NVML on {{platform}}',
  'sampler.fallback.koffiMissing': 'the koffi module that loads it is not installed ({{detail}})',
  'sampler.fallback.libraryMissing': '{{library}} could not be loaded ({{detail}})',
  'sampler.fallback.symbolMissing': '{{library}} lacks {{symbol}} (a driver older than this reader)',
  'sampler.fallback.initFailed': 'nvmlInit failed in {{library}}: {{error}}',
  'sampler.fallback.noDevices': 'NVML ({{library}}) sees no GPU',
} as const

export type SamplerKey = keyof typeof samplerEn

export const samplerZh: Record<SamplerKey, string> = {
  'sampler.nvml': 'NVML（进程内）',
  'sampler.smi': 'nvidia-smi 数据流',
  'sampler.using': '采样方式：{{source}}',
  'sampler.usingFallback': '采样方式：{{source}}（未使用 NVML：{{reason}}）',
  'sampler.fallback.disabled': '已被 GPU_DOCTOR_SAMPLER=nvidia-smi 关闭',
  'sampler.fallback.explicitSmi': '已明确指定 nvidia-smi（{{path}}）；设置 GPU_DOCTOR_SAMPLER=nvml 仍可使用 NVML',
  'sampler.fallback.unsupportedPlatform': '{{platform}} 上没有 NVML',
  'sampler.fallback.koffiMissing': '没有安装用来加载它的 koffi 模块（{{detail}}）',
  'sampler.fallback.libraryMissing': '无法加载 {{library}}（{{detail}}）',
  'sampler.fallback.symbolMissing': '{{library}} 缺少 {{symbol}}（驱动比本程序要求的旧）',
  'sampler.fallback.initFailed': '{{library}} 中的 nvmlInit 失败：{{error}}',
  'sampler.fallback.noDevices': 'NVML（{{library}}）没有看到任何 GPU',
}

type Translate = (key: string, options: Record<string, unknown>) => string

/** "Sampler: NVML, in-process" or "Sampler: nvidia-smi stream (NVML not used: …)", in t's language. */
export function describeSamplerSource(source: { kind: 'nvml' | 'nvidia-smi'; fallback: { key: string; params: Record<string, string | number> } | null }, t: Translate): string {
  const name = t(source.kind === 'nvml' ? 'sampler.nvml' : 'sampler.smi', { ns: 'sampler' })
  if (!source.fallback) return t('sampler.using', { ns: 'sampler', source: name })
  const reason = t(source.fallback.key, { ns: 'sampler', ...source.fallback.params })
  return t('sampler.usingFallback', { ns: 'sampler', source: name, reason })
}
