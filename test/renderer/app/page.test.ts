import { describe, expect, it } from 'vitest'

import { pageFromHash } from '../../../src/renderer/app/page'

describe('pageFromHash', () => {
  it('names the diagnosis page; anything else is the monitor', () => {
    expect(pageFromHash('#diagnose')).toBe('diagnose')
    expect(pageFromHash('#/diagnose')).toBe('diagnose')
    expect(pageFromHash('')).toBe('monitor')
    expect(pageFromHash('#')).toBe('monitor')
    expect(pageFromHash('#monitor')).toBe('monitor')
    expect(pageFromHash('#step-gpu-visible')).toBe('monitor')
  })

  it('names the images and report pages', () => {
    expect(pageFromHash('#images')).toBe('images')
    expect(pageFromHash('#/report')).toBe('report')
    expect(pageFromHash('#reports')).toBe('monitor')
  })
})
