const TOKEN = /^(\d{1,2})\.(\d)([af]?)(\+PTX)?$/

/**
 * TORCH_CUDA_ARCH_LIST ("5.0;6.0;9.0a;12.0+PTX", or space-separated as in image environments) as
 * torch.cuda.get_arch_list() entries: "sm_50", "sm_90a", "sm_120", "compute_120". Null when any
 * token is not an architecture.
 */
export function parseArchList(list: string): string[] | null {
  const tokens = list.split(/[;\s,]+/).filter((t) => t !== '')
  if (tokens.length === 0) return null
  const entries: string[] = []
  for (const token of tokens) {
    const m = TOKEN.exec(token)
    if (!m) return null
    const code = `${m[1]}${m[2]}`
    entries.push(`sm_${code}${m[3]}`)
    if (m[4]) entries.push(`compute_${code}`)
  }
  return entries
}

/** "8.6" → "sm_86". */
export function smOf(cc: string): string {
  return `sm_${cc.replace('.', '')}`
}
