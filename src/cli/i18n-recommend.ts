// `gpu-doctor recommend` texts, merged into the i18next 'cli' namespace next to i18n-strings.ts.
// Reasons and blockers come from the core as codes; their English and Chinese texts live in
// src/shared/i18n/recommend-reasons.ts (typed, so a code without a Chinese text fails to compile).
import { type ReasonCode, reasonsEn as reasonTextsEn, reasonsZh as reasonTextsZh } from '../shared/i18n/recommend-reasons'

type ReasonKey = `recommend.reason.${ReasonCode}`

const reasonsEn = Object.fromEntries(
  Object.entries(reasonTextsEn).map(([code, text]) => [`recommend.reason.${code}`, text]),
) as Record<ReasonKey, string>

const labelsEn = {
  'cmd.recommend': 'Which PyTorch Docker image fits this machine (or a what-if one), and why',
  'opt.gpu': 'What-if: a GPU by name (repeatable), e.g. "NVIDIA GeForce RTX 4090"',
  'opt.cc': 'What-if: a GPU by compute capability (repeatable), e.g. 8.6',
  'opt.driver': 'What-if: the NVIDIA driver version, e.g. 570.124.06',
  'opt.platform': 'linux or windows (WSL2 and Docker Desktop use the Windows driver numbers)',
  'opt.devel': 'Recommend -devel images (with nvcc, for building CUDA extensions)',
  'opt.torch': 'Pin a PyTorch release, e.g. 2.8',
  'opt.ngc': "Prefer NVIDIA's NGC container (nvcr.io/nvidia/pytorch)",
  'recommend.gpus': 'GPUs',
  'recommend.gpu': '{{index}}  {{name}}  compute capability {{cc}} ({{source}})',
  'recommend.gpuUnknown': '{{index}}  {{name}}  compute capability unknown',
  'recommend.source.nvidia-smi': 'nvidia-smi',
  'recommend.source.name': 'from the name',
  'recommend.source.cc': '--cc',
  'recommend.driver': 'Driver',
  'recommend.driverLine': '{{driver}} · CUDA up to {{cuda}} ({{source}}) · {{platform}}',
  'recommend.driverAssumed': 'unknown (a current driver is assumed; pass --driver) · {{platform}}',
  'recommend.cudaSource.nvidia-smi': 'nvidia-smi',
  'recommend.cudaSource.driver-table': 'from the driver version',
  'recommend.cudaSource.assumed': 'assumed',
  'recommend.cudaSource.unknown': 'unknown',
  'recommend.none': 'No image can run here:',
  'recommend.compat.native': 'native',
  'recommend.compat.minor-version': 'minor-version compatibility',
  'recommend.compat.incompatible': 'incompatible',
  'recommend.details': '{{compatibility}} · PyTorch {{pytorch}} · CUDA {{cuda}} · cuDNN {{cudnn}} · confidence {{confidence}}',
  'recommend.unknownValue': '?',
  'recommend.legend': '[S] = from a secondary source, [U] = unverified: check before relying on it.',
  'recommend.badCc': '--cc needs a compute capability such as 8.6, got "{{value}}"',
  'recommend.badDriver': '--driver needs a driver version such as 570.124.06, got "{{value}}"',
  'recommend.badPlatform': '--platform must be linux or windows, got "{{value}}"',
  'recommend.badTorch': '--torch needs a PyTorch release such as 2.8, got "{{value}}"',
  'recommend.unknownTorch': 'PyTorch {{value}} is not in GPU Doctor\'s data (known: {{known}})',
} as const

type LabelKey = keyof typeof labelsEn

/** English texts of the recommend command. */
export const recommendEn: Record<LabelKey | ReasonKey, string> = { ...labelsEn, ...reasonsEn }

/** Chinese texts of the recommend command. */
const reasonsZhKeyed = Object.fromEntries(
  Object.entries(reasonTextsZh).map(([code, text]) => [`recommend.reason.${code}`, text]),
) as Record<ReasonKey, string>

export const recommendZh: Record<LabelKey | ReasonKey, string> = {
  ...reasonsZhKeyed,
  'cmd.recommend': '哪个 PyTorch Docker 镜像适合这台机器（或假设的机器），以及原因',
  'opt.gpu': '假设：按名称指定 GPU（可重复），例如 "NVIDIA GeForce RTX 4090"',
  'opt.cc': '假设：按算力指定 GPU（可重复），例如 8.6',
  'opt.driver': '假设：NVIDIA 驱动版本，例如 570.124.06',
  'opt.platform': 'linux 或 windows（WSL2 和 Docker Desktop 使用 Windows 驱动版本号）',
  'opt.devel': '推荐 -devel 镜像（带 nvcc，用于编译 CUDA 扩展）',
  'opt.torch': '固定 PyTorch 版本，例如 2.8',
  'opt.ngc': '优先推荐 NVIDIA NGC 容器（nvcr.io/nvidia/pytorch）',
  'recommend.gpus': 'GPU',
  'recommend.gpu': '{{index}}  {{name}}  算力 {{cc}}（{{source}}）',
  'recommend.gpuUnknown': '{{index}}  {{name}}  算力未知',
  'recommend.source.nvidia-smi': 'nvidia-smi',
  'recommend.source.name': '根据名称',
  'recommend.source.cc': '--cc',
  'recommend.driver': '驱动',
  'recommend.driverLine': '{{driver}} · 最高支持 CUDA {{cuda}}（{{source}}）· {{platform}}',
  'recommend.driverAssumed': '未知（假设为当前驱动；可用 --driver 指定）· {{platform}}',
  'recommend.cudaSource.nvidia-smi': 'nvidia-smi',
  'recommend.cudaSource.driver-table': '根据驱动版本推算',
  'recommend.cudaSource.assumed': '假设',
  'recommend.cudaSource.unknown': '未知',
  'recommend.none': '没有镜像能在这里运行：',
  'recommend.compat.native': '原生支持',
  'recommend.compat.minor-version': '次版本兼容',
  'recommend.compat.incompatible': '不兼容',
  'recommend.details': '{{compatibility}} · PyTorch {{pytorch}} · CUDA {{cuda}} · cuDNN {{cudnn}} · 可信度 {{confidence}}',
  'recommend.unknownValue': '?',
  'recommend.legend': '[S] = 来自二手来源，[U] = 未经核实：依赖之前请先确认。',
  'recommend.badCc': '--cc 需要算力，例如 8.6，收到 "{{value}}"',
  'recommend.badDriver': '--driver 需要驱动版本，例如 570.124.06，收到 "{{value}}"',
  'recommend.badPlatform': '--platform 只能是 linux 或 windows，收到 "{{value}}"',
  'recommend.badTorch': '--torch 需要 PyTorch 版本，例如 2.8，收到 "{{value}}"',
  'recommend.unknownTorch': 'GPU Doctor 的数据中没有 PyTorch {{value}}（已知：{{known}}）',
}
