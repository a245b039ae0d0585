import { describe, expect, it } from 'vitest'

import { displayWidth, renderTable } from '../../src/cli/render/text-table'

const widest = (text: string) => Math.max(...text.split('\n').map(displayWidth))

describe('a table on a terminal narrower than it', () => {
  const header = ['Image', 'Size', 'PyTorch', 'Driver fit']
  const rows = [
    ['nvcr.io/nvidia/pytorch:25.11-py3', '21.3 GB', '2.10.0a0+b4e4ee8 (NGC 25.11)', 'needs a newer driver than 550.54'],
    ['pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime', '7.7 GB', '2.8.0', 'runs'],
  ]

  it('fits within the width by cutting the widest text first, never the kept column or a number', () => {
    const text = renderTable(header, rows, undefined, { width: 80, keep: [0] })
    expect(widest(text)).toBeLessThanOrEqual(80)
    expect(text).toContain('pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime')
    expect(text).toContain('21.3 GB')
    expect(text).toContain('\u2026')
  })

  it('is left whole where it fits, and into a pipe (no width)', () => {
    expect(renderTable(header, rows, undefined, { width: 200 })).toBe(renderTable(header, rows))
    expect(renderTable(header, rows)).toContain('needs a newer driver than 550.54')
  })

  it('never cuts a column below its header: a terminal too narrow gets the narrowest honest table', () => {
    const text = renderTable(header, rows, undefined, { width: 20, keep: [0] })
    expect(text.split('\n')[0]).toMatch(/^Image +Size +PyTorch +Driver fit$/)
  })
})
