import { describe, expect, it } from 'vitest'

import { barPercent, formatAge, formatSize } from '../../../src/renderer/components/size-and-age-format'

describe('image formatting', () => {
  it('prints sizes in decimal units, as Docker does', () => {
    expect(formatSize(512, 'en')).toBe('512 B')
    expect(formatSize(45_200_000, 'en')).toBe('45.2 MB')
    expect(formatSize(7_650_000_000, 'en')).toBe('7.7 GB')
    expect(formatSize(null, 'en')).toBe('—')
    expect(formatSize(-1, 'en')).toBe('—')
  })

  it('says how old an image is', () => {
    const now = Date.parse('2026-11-21T12:00:00Z')
    expect(formatAge('2026-11-18T12:00:00Z', now, 'en')).toBe('3 days ago')
    expect(formatAge('2026-11-21T11:00:00Z', now, 'en')).toBe('1 hour ago')
    expect(formatAge('2025-10-01T00:00:00Z', now, 'en')).toBe('last year')
    expect(formatAge('2026-11-18T12:00:00Z', now, 'zh-CN')).toBe('3天前')
    expect(formatAge(null, now, 'en')).toBe('—')
    expect(formatAge('not a date', now, 'en')).toBe('—')
  })

  it('clamps a bar to 0–100 % and knows no total', () => {
    expect(barPercent(50, 200)).toBe(25)
    expect(barPercent(300, 200)).toBe(100)
    expect(barPercent(5, null)).toBe(0)
    expect(barPercent(5, 0)).toBe(0)
  })
})
