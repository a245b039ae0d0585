// Rasterises resources/icons/gpu-doctor.svg into every PNG size the packages need
// (resources/icons/png/NxN.png, electron-builder's Linux icon set) and one multi-size
// resources/icons/gpu-doctor.ico for Windows. Chromium draws the SVG (Debian's, through Playwright);
// the ICO container is written here: PNG-compressed entries, which Windows reads since Vista.
// The outputs are committed; run this after changing the SVG: node scripts/build-icons.mjs
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { chromium } from '@playwright/test'

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]

const dir = 'resources/icons'
const svg = await readFile(join(dir, 'gpu-doctor.svg'), 'utf8')
const browser = await chromium.launch({
  executablePath: process.env.GPU_DOCTOR_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
  timeout: 30_000,
})
const pngs = new Map()
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  for (const size of PNG_SIZES) {
    await page.setViewportSize({ width: size, height: size })
    const body = svg.replace(/width="256" height="256"/, `width="${size}" height="${size}"`)
    await page.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`)
    pngs.set(size, await page.locator('svg').screenshot({ omitBackground: true, timeout: 10_000 }))
  }
} finally {
  await browser.close()
}

await mkdir(join(dir, 'png'), { recursive: true })
for (const [size, png] of pngs) await writeFile(join(dir, 'png', `${size}x${size}.png`), png)
await writeFile(join(dir, 'gpu-doctor.ico'), icoOf(ICO_SIZES.map((size) => ({ size, png: pngs.get(size) }))))
console.log(`icons: ${PNG_SIZES.length} PNGs, ICO with ${ICO_SIZES.join(', ')} px`)

/** ICONDIR + one ICONDIRENTRY per image + the PNG data (width/height 0 means 256). */
function icoOf(images) {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, at)
    header.writeUInt8(size >= 256 ? 0 : size, at + 1)
    header.writeUInt8(0, at + 2) // no palette
    header.writeUInt8(0, at + 3)
    header.writeUInt16LE(1, at + 4) // colour planes
    header.writeUInt16LE(32, at + 6) // bits per pixel
    header.writeUInt32LE(png.length, at + 8)
    header.writeUInt32LE(offset, at + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...images.map((image) => image.png)])
}
