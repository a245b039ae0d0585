/** `nvidia-smi nvlink -s`: each GPU's links, active with their speed (GB/s) or inactive. */
export interface NvlinkState {
  gpu: number
  links: Array<{ link: number; GBps: number | null }>
}

export function parseNvlinkStatus(text: string): NvlinkState[] {
  const out: NvlinkState[] = []
  let current: NvlinkState | null = null
  for (const line of text.split('\n')) {
    const gpu = /^GPU (\d+):/.exec(line.trim())
    if (gpu) {
      current = { gpu: Number(gpu[1]), links: [] }
      out.push(current)
      continue
    }
    const link = /^Link (\d+):\s*(.+)$/.exec(line.trim())
    if (!link || !current) continue
    const speed = /^([\d.]+)\s*GB\/s/.exec(link[2]!)
    current.links.push({ link: Number(link[1]), GBps: speed && Number(speed[1]) > 0 ? Number(speed[1]) : null })
  }
  return out
}
