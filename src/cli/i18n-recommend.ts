// `gpu-doctor recommend` texts, merged into the i18next 'cli' namespace next to i18n-strings.ts.
// Reasons and blockers come from the core as codes; their English is REASON_TEXT_EN, and every
// code must have a Chinese text here (the type below fails to compile otherwise).
import { REASON_TEXT_EN, type ReasonCode } from '../core/recommend/reasons'

type ReasonKey = `recommend.reason.${ReasonCode}`

const reasonsEn = Object.fromEntries(
  Object.entries(REASON_TEXT_EN).map(([code, text]) => [`recommend.reason.${code}`, text]),
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
export const recommendZh: Record<LabelKey | ReasonKey, string> = {
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
  'recommend.reason.driver.native': '驱动 {{driver}} 最高支持 CUDA {{driverCuda}}；此镜像使用 CUDA {{cuda}}，可原生运行。',
  'recommend.reason.driver.assumed': '驱动未知：按当前驱动假设。CUDA {{cuda}} 需要驱动 ≥ {{nativeMin}}（{{platform}}）；用 --driver 检查你的驱动。',
  'recommend.reason.driver.minor':
    '驱动 {{driver}} 最高支持 CUDA {{driverCuda}}；此镜像使用 CUDA {{cuda}}，只能通过 CUDA {{major}}.x 次版本兼容运行（驱动 ≥ {{floor}}）：需要更新驱动的功能不可用，驱动也无法 JIT 编译更新工具链生成的 PTX。驱动 ≥ {{nativeMin}} 可原生运行。',
  'recommend.reason.driver.tooOld':
    '驱动 {{driver}} 最高支持 CUDA {{driverCuda}}；CUDA {{cuda}} 需要驱动 ≥ {{nativeMin}}（{{platform}}），或通过次版本兼容需要 ≥ {{floor}}。',
  'recommend.reason.driver.tooOldMajor':
    '驱动 {{driver}} 最高支持 CUDA {{driverCuda}}；CUDA {{major}}.x 镜像需要驱动 ≥ {{floor}}（原生运行 CUDA {{cuda}} 需 ≥ {{nativeMin}}）。数据中心 GPU 可借助 CUDA 前向兼容包弥补。',
  'recommend.reason.driver.blackwell': '{{gpu}} 是 Blackwell GPU（{{sm}}）：低于 {{min}}（R570）的驱动都不支持它，而当前驱动是 {{driver}}。',
  'recommend.reason.driver.windows': '按 Windows 驱动版本号比较：WSL2 和 Docker Desktop 使用 Windows 驱动。',
  'recommend.reason.arch.sass': '{{gpu}}（{{sm}}）在此构建中有原生代码。',
  'recommend.reason.arch.compatible': '{{gpu}}（{{sm}}）运行此构建中的 {{entry}} 代码（同一架构代际）。',
  'recommend.reason.arch.ptx': '{{gpu}}（{{sm}}）在此没有原生代码；驱动会在首次使用时 JIT 编译 {{entry}} PTX（首次启动较慢）。',
  'recommend.reason.arch.missing':
    '此构建（{{archs}}）没有 {{gpu}}（{{sm}}）的代码：PyTorch 会报错 "no kernel image is available for execution on the device"。',
  'recommend.reason.arch.ptxNeedsNative': '{{gpu}}（{{sm}}）需要驱动 JIT 编译更新工具链生成的 PTX，次版本兼容做不到。',
  'recommend.reason.arch.unknown': '[U] 不知道此镜像包含哪些 GPU 架构的代码；请在镜像内检查 torch.cuda.get_arch_list()。',
  'recommend.reason.arch.cudnn': 'cuDNN {{cudnnMajor}} 不支持 {{gpu}}（算力 {{cc}}；需要 {{minCc}} 或更高）。',
  'recommend.reason.arch.ngcMin': 'NGC {{release}} 支持算力 {{minCc}} 及以上；{{gpu}} 的算力是 {{cc}}。',
  'recommend.reason.arch.ngcUnknown':
    '[U] GPU Doctor 的数据中没有 NGC {{release}} 支持的最低算力；请在容器内检查 torch.cuda.get_arch_list() 是否包含 {{gpu}}（{{sm}}）。',
  'recommend.reason.arch.needsCuda': '此镜像用 CUDA {{cuda}} 构建；{{gpu}}（{{sm}}）需要 CUDA {{minCuda}} 或更新。',
  'recommend.reason.arch.develCaveat':
    '[U] -devel 标签可能带有从源码编译、没有 {{sm}} 代码的 PyTorch；用于 {{gpu}} 之前请在镜像内检查 torch.cuda.get_arch_list()。',
  'recommend.reason.pick.newest': '在此驱动上能原生运行、且包含每块 GPU 代码的最新 PyTorch 版本。',
  'recommend.reason.pick.newestMinor': '没有镜像能在此驱动上原生运行；这是通过次版本兼容能运行的最新镜像。',
  'recommend.reason.pick.pinned': 'PyTorch {{torch}}，按 --torch 指定。',
  'recommend.reason.limit.arch': '更新的镜像（PyTorch {{torch}}，CUDA {{cuda}}）没有 {{gpu}}（{{sm}}）的代码。',
  'recommend.reason.limit.driver': '更新的镜像需要 CUDA {{cuda}}，驱动 {{nativeMin}} 起才能原生运行。',
  'recommend.reason.alt.minor': '比首选更新的构建，但只能通过次版本兼容运行。',
  'recommend.reason.alt.ngc': 'NVIDIA NGC 容器 {{release}}：NVIDIA 自己构建的 PyTorch，带 CUDA 工具包和调优过的库；镜像较大。',
  'recommend.reason.alt.devel': '首选镜像加上 CUDA 工具包（nvcc），用于编译 CUDA 扩展；镜像大得多。',
  'recommend.reason.alt.runtime': '不带 CUDA 工具包的首选镜像：小得多。',
  'recommend.reason.mark.tag': '[{{mark}}] 标签 {{tag}} 来自公开使用记录，并非读自 Docker Hub 的标签列表。',
  'recommend.reason.mark.cudnn': '[{{mark}}] 此构建的 cuDNN 版本（{{cudnn}}）来自二手或相互矛盾的来源。',
  'recommend.reason.mark.arch': '[{{mark}}] 此构建的架构列表来自二手来源。',
  'recommend.reason.mark.ptx': '[U] 此构建是否包含 PTX 未经核实，而 {{gpu}}（{{sm}}）依赖它。',
  'recommend.reason.mark.driverTable': '[{{mark}}] 驱动 {{driver}} 支持 CUDA {{driverCuda}} 是根据驱动分支表推算的，不是从 nvidia-smi 读取的。',
  'recommend.reason.mark.floor': '[{{mark}}] NVIDIA 没有给出 CUDA {{major}}.x 的确切最低 {{platform}} 驱动；此处假设为 {{floor}}。',
  'recommend.reason.mark.ngcCuda': '[{{mark}}] NGC {{release}} 的 CUDA 版本来自其同期兄弟容器的发行说明。',
  'recommend.reason.mark.ngcTorch': '[U] 来源中没有 NGC {{release}} 内的 PyTorch 版本。',
  'recommend.reason.mark.gpuName': '[{{mark}}] {{gpu}} 的算力 {{cc}} 不是来自 NVIDIA 官方列表；如有误请用 --cc 指定。',
  'recommend.reason.block.noGpu': '没有可推荐镜像的 GPU。',
  'recommend.reason.block.gpuUnknown':
    'GPU "{{name}}" 不在 GPU Doctor 的表中：请用 --cc 指定其算力（nvidia-smi --query-gpu=compute_cap --format=csv 可查看）。',
  'recommend.reason.block.gpuAmbiguous': '"{{name}}" 可能是 {{candidates}}：请用 --cc 或完整名称指定。',
  'recommend.reason.block.archNone': '没有任何已发布镜像包含 {{gpu}}（{{sm}}）的代码。',
  'recommend.reason.block.noCommonArch':
    '没有单个镜像包含这台机器上每块 GPU 的代码。请按 GPU 类型分别运行容器，例如 docker run --gpus \'"device=0"\' ……',
  'recommend.reason.block.archRange': '{{gpu}}（{{sm}}）只在 CUDA {{minCuda}}–{{maxCuda}} 的镜像中有代码；单独使用它时：{{image}}。',
  'recommend.reason.block.archRangeNone': '{{gpu}}（{{sm}}）只在 CUDA {{minCuda}}–{{maxCuda}} 的镜像中有代码，但它们都无法在此驱动上运行。',
  'recommend.reason.block.driverBlackwell': '{{gpu}} 是 Blackwell GPU（{{sm}}）：需要驱动 ≥ {{min}}（R570 或更新），驱动 {{driver}} 无法运行它。请升级驱动。',
  'recommend.reason.block.driverTooOld':
    '驱动 {{driver}}（CUDA {{driverCuda}}）对每个包含这些 GPU 代码的镜像来说都太旧：要求最低的 {{image}} 也需要驱动 ≥ {{floor}}（次版本兼容）或 ≥ {{nativeMin}}（原生）。请升级驱动。',
  'recommend.reason.block.pinArch': '没有 PyTorch {{torch}} 镜像包含 {{gpu}}（{{sm}}）的代码。',
  'recommend.reason.block.pinDriver': '每个 PyTorch {{torch}} 镜像都需要比 {{driver}}（CUDA {{driverCuda}}）更新的驱动：至少 {{floor}}。',
  'recommend.reason.block.pinUnknown': 'GPU Doctor 的数据中没有 PyTorch {{torch}}（已知：{{known}}）。',
  'recommend.reason.block.unpinned': '不指定 --torch 时：{{image}}（{{compatibility}}）。',
  'recommend.reason.block.smi': '无法读取 nvidia-smi 输出：{{message}}',
  'recommend.reason.block.machine': '无法读取本机 GPU：{{message}}',
}
