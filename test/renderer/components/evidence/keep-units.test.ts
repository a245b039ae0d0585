import { describe, expect, it } from 'vitest'

import { keepUnitsWithNumbers } from '../../../../src/renderer/components/evidence/keep-units'

describe('keepUnitsWithNumbers', () => {
  it('joins each number to its unit and leaves other spaces breakable', () => {
    expect(keepUnitsWithNumbers('空闲 SM% 0 % · SM% 峰值 99 %')).toBe('空闲 SM% 0\u00a0% · SM% 峰值 99\u00a0%')
    expect(keepUnitsWithNumbers('峰值 989.5 TFLOP/s（稠密 BF16/FP16）')).toBe('峰值 989.5\u00a0TFLOP/s（稠密 BF16/FP16）')
    expect(keepUnitsWithNumbers('Peak 989.5 TFLOP/s (dense BF16/FP16)')).toBe('Peak 989.5\u00a0TFLOP/s (dense BF16/FP16)')
  })

  it('leaves a number followed by a word that only starts like a unit', () => {
    expect(keepUnitsWithNumbers('2 Workers on 8 MHzish')).toBe('2 Workers on 8 MHzish')
    expect(keepUnitsWithNumbers('GPU 0 was busy')).toBe('GPU 0 was busy')
  })
})
