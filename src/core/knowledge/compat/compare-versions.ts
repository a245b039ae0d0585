/**
 * The one version comparator of GPU Doctor: dotted versions compared numerically part by part
 * ("12.10" > "12.9", "570.124.06" > "570.26"); missing parts count as 0, so "13.0" equals "13.0.0".
 * Driver versions, CUDA versions, torch versions and NVIDIA_REQUIRE_CUDA all go through it.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((p) => Number.parseInt(p, 10))
  const pb = b.split(/[.+-]/).map((p) => Number.parseInt(p, 10))
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = Number.isFinite(pa[i]) ? pa[i]! : 0
    const y = Number.isFinite(pb[i]) ? pb[i]! : 0
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}
