import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'

export interface DecodedPng {
  width: number
  height: number
  channels: number
  pixels: Buffer
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 }

/** A minimal decoder for the 8-bit, non-interlaced PNGs pdftoppm writes. */
export function decodePng(file: string): DecodedPng {
  const buf = readFileSync(file)
  let pos = 8
  let width = 0
  let height = 0
  let channels = 0
  const idat: Buffer[] = []
  while (pos < buf.length) {
    const length = buf.readUInt32BE(pos)
    const type = buf.toString('latin1', pos + 4, pos + 8)
    const data = buf.subarray(pos + 8, pos + 8 + length)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs')
      channels = CHANNELS[data[9]!] ?? 0
      if (!channels) throw new Error(`colour type ${data[9]} not supported`)
    } else if (type === 'IDAT') idat.push(data)
    pos += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const pixels = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0
      const p = a + b - c
      const pred = filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? (Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c) : 0
      pixels[y * stride + x] = (line[x]! + pred) & 0xff
    }
  }
  return { width, height, channels, pixels }
}

/** Share of pixels that are not (near) white. */
export function inkRatio(png: DecodedPng): number {
  let ink = 0
  const n = png.width * png.height
  for (let i = 0; i < n; i++) {
    for (let ch = 0; ch < Math.min(3, png.channels); ch++) {
      if (png.pixels[i * png.channels + ch]! < 235) {
        ink++
        break
      }
    }
  }
  return ink / n
}
