import { posix } from 'node:path'

export type LibraryOrigin =
  | 'wheel'
  | 'conda'
  | 'ld-library-path'
  | 'cuda-toolkit'
  | 'system'
  | 'driver'
  | 'driver-stub'
  | 'forward-compat'
  | 'wsl'
  | 'torch'
  | 'other'

export interface OriginContext {
  ldLibraryPath: string[]
  condaPrefix: string | null
}

const REASONS: Record<LibraryOrigin, string> = {
  wheel: "from the pip nvidia-* package: torch's RUNPATH ($ORIGIN/../../nvidia/...) points there",
  conda: 'from the conda environment (its lib/ is on the RPATH or LD_LIBRARY_PATH)',
  'ld-library-path': "from LD_LIBRARY_PATH, which the loader searches before the library's RUNPATH",
  'cuda-toolkit': 'from a CUDA toolkit install (/usr/local/cuda*), through LD_LIBRARY_PATH or ld.so.conf',
  system: 'from the system library cache (ldconfig), found after RUNPATH and LD_LIBRARY_PATH',
  driver: 'from the NVIDIA driver (libcuda ships with the driver, never with the wheel)',
  'driver-stub': "the CUDA toolkit's link-time stub (stubs/libcuda.so): it only lets programs link, every CUDA call fails with error 34",
  'forward-compat': "the CUDA forward-compatibility package (cuda-compat, .../compat/): a newer user-mode driver that works only on data-centre GPUs with a supported kernel driver",
  wsl: "WSL's driver bridge (/usr/lib/wsl/lib), provided by the Windows driver",
  torch: "torch's own library, beside libtorch",
  other: 'from an unusual directory',
}

/** Where a resolved library came from, and in words why the loader picked that copy. */
export function classifyLibrary(name: string, rawPath: string, ctx: OriginContext): { origin: LibraryOrigin; why: string; path: string } {
  // ldd prints RUNPATH-relative paths such as torch/lib/../../nvidia/cudnn/lib/libcudnn.so.9.
  const path = posix.normalize(rawPath)
  const dir = path.slice(0, path.lastIndexOf('/'))
  let origin: LibraryOrigin = 'other'
  if (/^libcuda\.so|^libnvidia-/.test(name)) origin = libcudaOrigin(path)
  else if (/site-packages\/nvidia\/|dist-packages\/nvidia\//.test(path)) origin = 'wheel'
  else if (/(site|dist)-packages\/torch\/lib\//.test(path)) origin = 'torch'
  else if (ctx.condaPrefix && path.startsWith(ctx.condaPrefix)) origin = 'conda'
  else if (ctx.ldLibraryPath.some((d) => d && (dir === d.replace(/\/$/, '') || path.startsWith(`${d.replace(/\/$/, '')}/`)))) origin = 'ld-library-path'
  else if (/\/usr\/local\/cuda[^/]*\//.test(path)) origin = 'cuda-toolkit'
  else if (/\/(conda|miniconda\d*|anaconda\d*|miniforge\d*)\/|\/envs\//.test(path)) origin = 'conda'
  else if (/^(\/usr)?\/lib(64)?\//.test(path) || path.startsWith('/lib/')) origin = 'system'
  return { origin, why: REASONS[origin], path }
}

/** Which libcuda a process really got: the driver's, the toolkit's stub, cuda-compat, or WSL's bridge. */
export function libcudaOrigin(path: string): LibraryOrigin {
  if (/\/stubs\//.test(path)) return 'driver-stub'
  if (/\/usr\/lib\/wsl\//.test(path)) return 'wsl'
  if (/\/compat\//.test(path)) return 'forward-compat'
  return 'driver'
}

/** The version in a real file name: libnvJitLink.so.13.0.88 → 13.0.88; null when the name has none. */
export function soVersion(realPath: string): string | null {
  const m = /\.so\.(\d+(?:\.\d+)*)$/.exec(realPath)
  return m ? m[1]! : null
}
