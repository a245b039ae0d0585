// Where a CUDA library resolved from, in words: the label of each origin and why the loader
// picked that copy. The core's English evidence, the wizard and the reports all read these.

export const LIBRARY_ORIGINS = ['ld-preload', 'wheel', 'conda', 'ld-library-path', 'cuda-toolkit', 'system', 'driver', 'driver-stub', 'forward-compat', 'wsl', 'torch', 'other'] as const
export type LibraryOrigin = (typeof LIBRARY_ORIGINS)[number]
type OriginTexts = Record<LibraryOrigin | 'missing', string>

export const originLabelsEn: OriginTexts = {
  missing: 'Not found',
  'ld-preload': 'LD_PRELOAD',
  wheel: 'pip nvidia-* wheels',
  torch: "torch's own lib/",
  conda: 'conda environment',
  'ld-library-path': 'LD_LIBRARY_PATH',
  'cuda-toolkit': 'CUDA toolkit',
  system: 'System libraries',
  driver: 'NVIDIA driver',
  'driver-stub': "CUDA toolkit's libcuda stub",
  'forward-compat': 'CUDA forward-compatibility package',
  wsl: 'WSL driver bridge',
  other: 'Other directories',
}

export const originLabelsZh: OriginTexts = {
  missing: '找不到',
  'ld-preload': 'LD_PRELOAD',
  wheel: 'pip 的 nvidia-* 包',
  torch: 'torch 自带的 lib/',
  conda: 'conda 环境',
  'ld-library-path': 'LD_LIBRARY_PATH',
  'cuda-toolkit': 'CUDA 工具包',
  system: '系统库',
  driver: 'NVIDIA 驱动',
  'driver-stub': 'CUDA 工具包的 libcuda 桩库（stub）',
  'forward-compat': 'CUDA 前向兼容包',
  wsl: 'WSL 驱动桥接',
  other: '其他目录',
}

export const originWhyEn: OriginTexts = {
  missing: 'The loader found no copy: anything that needs these fails to load.',
  'ld-preload': 'named in LD_PRELOAD: loaded before everything else, so it wins over any RUNPATH, LD_LIBRARY_PATH or system copy',
  wheel: "from the pip nvidia-* package: torch's RUNPATH ($ORIGIN/../../nvidia/...) points there",
  conda: 'from the conda environment (its lib/ is on the RPATH or LD_LIBRARY_PATH)',
  'ld-library-path': "from LD_LIBRARY_PATH, which the loader searches before the library's RUNPATH",
  'cuda-toolkit': 'from a CUDA toolkit install (/usr/local/cuda*), through LD_LIBRARY_PATH or ld.so.conf',
  system: 'from the system library cache (ldconfig), found after RUNPATH and LD_LIBRARY_PATH',
  driver: 'from the NVIDIA driver (libcuda ships with the driver, never with the wheel)',
  'driver-stub': "the CUDA toolkit's link-time stub (stubs/libcuda.so): it only lets programs link, every CUDA call fails with error 34",
  'forward-compat': 'the CUDA forward-compatibility package (cuda-compat, .../compat/): a newer user-mode driver that works only on data-centre GPUs with a supported kernel driver',
  wsl: "WSL's driver bridge (/usr/lib/wsl/lib), provided by the Windows driver",
  torch: "torch's own library, beside libtorch",
  other: 'from an unusual directory',
}

export const originWhyZh: OriginTexts = {
  missing: '动态链接器找不到任何副本：依赖它们的库都无法加载。',
  'ld-preload': '由 LD_PRELOAD 指定：先于其他一切加载，因此压过 RUNPATH、LD_LIBRARY_PATH 和系统中的任何副本',
  wheel: '来自 pip 的 nvidia-* 包：torch 的 RUNPATH（$ORIGIN/../../nvidia/...）指向那里',
  conda: '来自 conda 环境（其 lib/ 在 RPATH 或 LD_LIBRARY_PATH 中）',
  'ld-library-path': '来自 LD_LIBRARY_PATH，动态链接器会先于库的 RUNPATH 搜索它',
  'cuda-toolkit': '来自 CUDA 工具包（/usr/local/cuda*），经由 LD_LIBRARY_PATH 或 ld.so.conf',
  system: '来自系统库缓存（ldconfig），在 RUNPATH 和 LD_LIBRARY_PATH 之后查找',
  driver: '来自 NVIDIA 驱动（libcuda 随驱动提供，从不随 wheel 提供）',
  'driver-stub': 'CUDA 工具包的链接期桩库（stubs/libcuda.so）：只用于让程序能链接，每个 CUDA 调用都会以错误 34 失败',
  'forward-compat': 'CUDA 前向兼容包（cuda-compat，.../compat/）：较新的用户态驱动，只在受支持内核驱动的数据中心 GPU 上可用',
  wsl: 'WSL 的驱动桥接（/usr/lib/wsl/lib），由 Windows 驱动提供',
  torch: 'torch 自己的库，与 libtorch 在同一目录',
  other: '来自不常见的目录',
}

/** The texts as i18n keys under a prefix, e.g. 'ev.origin.wheel'. */
export function originKeys(prefix: string, texts: OriginTexts): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}${k}`, v]))
}
