// The icon set the packages need, generated from resources/icons/gpu-doctor.svg by scripts/build-icons.mjs.
import { readFileSync, readdirSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width, height and colour type from a PNG's IHDR chunk. */
function pngHeader(png: Buffer) {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
  expect(png.toString('ascii', 12, 16)).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), colourType: png.readUInt8(25) }
}

describe('icons', () => {
  it('the SVG source is a real drawing', () => {
    const svg = readFileSync('resources/icons/gpu-doctor.svg', 'utf8')
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 256 256"/)
    expect(svg.match(/<(rect|path)\b/g)?.length).toBeGreaterThan(5)
  })

  it('has every PNG size from 16 to 1024, square, with an alpha channel', () => {
    expect(readdirSync('resources/icons/png').sort()).toEqual(PNG_SIZES.map((s) => `${s}x${s}.png`).sort())
    for (const size of PNG_SIZES) {
      expect(pngHeader(readFileSync(`resources/icons/png/${size}x${size}.png`))).toEqual({ width: size, height: size, colourType: 6 })
    }
  })

  it('has a Windows .ico whose entries are 16 to 256 px PNGs of the size they claim', () => {
    const ico = readFileSync('resources/icons/gpu-doctor.ico')
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const sizes: number[] = []
    for (let i = 0; i < count; i++) {
      const at = 6 + 16 * i
      const size = ico.readUInt8(at) || 256
      const length = ico.readUInt32LE(at + 8)
      const offset = ico.readUInt32LE(at + 12)
      expect(offset + length).toBeLessThanOrEqual(ico.length)
      expect(pngHeader(ico.subarray(offset, offset + length))).toMatchObject({ width: size, height: size })
      sizes.push(size)
    }
    expect(sizes).toEqual(ICO_SIZES)
  })
})
