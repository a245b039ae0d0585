export type ArchVia = 'sass' | 'sass-compatible' | 'ptx'

export interface ArchCoverage {
  gpuArch: string
  covered: boolean
  via: ArchVia | null
  /** The arch list entry that serves this GPU, e.g. "sm_80" for an sm_86 GPU. */
  entry: string | null
}

function parseEntry(entry: string): { kind: 'sm' | 'compute'; major: number; minor: number; specific: boolean } | null {
  const m = /^(sm|compute)_(\d+?)(\d)([af]?)$/.exec(entry.trim())
  if (!m) return null
  return { kind: m[1] as 'sm' | 'compute', major: Number(m[2]), minor: Number(m[3]), specific: m[4] !== '' }
}

/**
 * Does torch.cuda.get_arch_list() hold code this GPU can run? A cubin runs on GPUs of the same
 * major with an equal or higher minor (sm_80 code runs on sm_86); "a"/"f" arch-specific cubins only
 * on their own arch; PTX (compute_XY) JIT-compiles for any newer GPU.
 */
export function archCoverage(cc: string, archList: readonly string[]): ArchCoverage {
  const [maj, min] = cc.split('.').map(Number)
  const gpuArch = `sm_${maj}${min}`
  const entries = archList.map((e) => ({ e, p: parseEntry(e) })).filter((x) => x.p !== null)
  const exact = entries.find(({ p }) => p!.kind === 'sm' && p!.major === maj && p!.minor === min)
  if (exact) return { gpuArch, covered: true, via: 'sass', entry: exact.e }
  const compatible = entries
    .filter(({ p }) => p!.kind === 'sm' && !p!.specific && p!.major === maj && p!.minor < (min ?? 0))
    .sort((a, b) => b.p!.minor - a.p!.minor)[0]
  if (compatible) return { gpuArch, covered: true, via: 'sass-compatible', entry: compatible.e }
  const ptx = entries
    .filter(({ p }) => p!.kind === 'compute' && (p!.major < maj! || (p!.major === maj && p!.minor <= min!)))
    .sort((a, b) => b.p!.major * 10 + b.p!.minor - (a.p!.major * 10 + a.p!.minor))[0]
  if (ptx) return { gpuArch, covered: true, via: 'ptx', entry: ptx.e }
  return { gpuArch, covered: false, via: null, entry: null }
}
