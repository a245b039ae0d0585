// Titles and one-sentence explanations of the six diagnosis steps (i18next namespace 'steps'),
// shared by the CLI and the UI. Keys: `step.<id>.title`, `step.<id>.what`.
// Commands, flags and identifiers stay untranslated in every language.

import type { StepId } from '../diagnosis'

type StepKey = `step.${StepId}.${'title' | 'what'}`

export const stepsEn: Record<StepKey, string> = {
  'step.gpu-visible.title': 'GPU visible to PyTorch',
  'step.gpu-visible.what':
    "Runs torch.cuda.is_available() in your Python and compares what PyTorch sees with what nvidia-smi sees: the wheel's CUDA build against the driver's, its compiled GPU architectures against each GPU, and CUDA_VISIBLE_DEVICES.",

  'step.cudnn-loaded.title': 'cuDNN loaded',
  'step.cudnn-loaded.what':
    'Asks torch.backends.cudnn whether cuDNN is available, enabled, and the version this PyTorch was built for: without it every convolution falls back to slow generic kernels.',

  'step.ldd-linkage.title': 'Library linkage',
  'step.ldd-linkage.what':
    "Runs ldd on torch's CUDA libraries to show where each one resolves from and what is missing; cuDNN 9 loads its sub-libraries with dlopen, which ldd cannot see, so GPU Doctor also reads /proc/self/maps after a real cuDNN operation.",

  'step.sm-utilisation.title': 'SM utilisation under load',
  'step.sm-utilisation.what':
    "Samples nvidia-smi's SM% (dmon sm) while a sustained matrix multiply runs, where ≥ 70% is expected; SM% only says that a kernel was running, not how efficiently, so the TFLOP/s achieved are shown beside it.",

  'step.conv-timing.title': 'Conv2d timing, cuDNN on vs off',
  'step.conv-timing.what':
    'Times the same Conv2d layers with cuDNN on and off: a working cuDNN makes them 2–5× faster; less means cuDNN is not doing its job.',

  'step.gpu-links.title': 'Links between the GPUs',
  'step.gpu-links.what':
    'Where more than one GPU is visible: the topology (NVLink per GPU and its state, the PCIe path of each pair, NUMA affinity), which pairs can reach each other\'s memory, a copy per pair, and an NCCL all-reduce across every GPU, each compared with what the links should give.',
}

export const stepsZh: Record<StepKey, string> = {
  'step.gpu-visible.title': 'PyTorch 能看到 GPU',
  'step.gpu-visible.what':
    '在你的 Python 中运行 torch.cuda.is_available()，并把 PyTorch 看到的与 nvidia-smi 看到的进行对比：wheel 的 CUDA 版本与驱动支持的版本、wheel 编译的 GPU 架构与每块 GPU、以及 CUDA_VISIBLE_DEVICES。',

  'step.cudnn-loaded.title': 'cuDNN 已加载',
  'step.cudnn-loaded.what':
    '通过 torch.backends.cudnn 检查 cuDNN 是否可用、是否启用、版本是否与这个 PyTorch 编译时所用的一致：没有 cuDNN，所有卷积都会退回到缓慢的通用实现。',

  'step.ldd-linkage.title': '动态库链接',
  'step.ldd-linkage.what':
    '对 torch 的 CUDA 库运行 ldd，显示每个库从哪里加载、缺少哪些；cuDNN 9 用 dlopen 加载它的子库，ldd 看不到，因此 GPU Doctor 还会在真正执行一次 cuDNN 运算后读取 /proc/self/maps。',

  'step.sm-utilisation.title': '负载下的 SM 利用率',
  'step.sm-utilisation.what':
    '在持续的矩阵乘法负载下采样 nvidia-smi 的 SM%（dmon sm），正常应 ≥ 70%；SM% 只表示有内核在运行，不代表运行效率，所以旁边同时显示实际达到的 TFLOP/s。',

  'step.conv-timing.title': 'Conv2d 计时：cuDNN 开 vs 关',
  'step.conv-timing.what':
    '分别在开启和关闭 cuDNN 时对相同的 Conv2d 层计时：正常的 cuDNN 应快 2–5 倍；达不到说明 cuDNN 没有发挥作用。',

  'step.gpu-links.title': 'GPU 之间的互联',
  'step.gpu-links.what':
    '有多块 GPU 可见时：拓扑（每块 GPU 的 NVLink 及其状态、每对 GPU 之间的 PCIe 路径、NUMA 亲和性）、哪些 GPU 对可以直接访问彼此的显存、每对之间的拷贝，以及跨所有 GPU 的 NCCL all-reduce，并分别与互联应有的带宽比较。',
}
