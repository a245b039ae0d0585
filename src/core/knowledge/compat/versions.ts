
/**
 * torch.backends.cudnn.version() as people write it: 91900 → "9.19.0", 8902 → "8.9.2".
 * cuDNN 9 encodes major*10000 + minor*100 + patch; cuDNN 8 and older major*1000 + minor*100 + patch.
 */
export function formatCudnnVersion(v: number | null | undefined): string | null {
  if (v === null || v === undefined || !Number.isFinite(v) || v <= 0) return null
  if (v >= 10000) return `${Math.floor(v / 10000)}.${Math.floor((v % 10000) / 100)}.${v % 100}`
  return `${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 100)}.${v % 100}`
}

/** The cuDNN major the official wheels of this PyTorch ship (compat-matrix §1: 2.4 moved to cuDNN 9). */
export function expectedCudnnMajor(torchVersion: string): number | null {
  const m = /^(\d+)\.(\d+)/.exec(torchVersion)
  if (!m) return null
  const [major, minor] = [Number(m[1]), Number(m[2])]
  if (major < 2) return null
  return minor >= 4 || major > 2 ? 9 : 8
}

/** True for a build without CUDA: "+cpu" local version or torch.version.cuda None. */
export function isCpuOnlyBuild(torchVersion: string | undefined, cudaBuild: string | null | undefined): boolean {
  return /\+cpu/.test(torchVersion ?? '') || !cudaBuild
}
