import { describe, expect, it } from 'vitest'

import { formatBytes, parseByteSize, parseGpuSelection, parseShmSize } from '../../../../src/core/platform/docker/container-options'

describe('parseGpuSelection (`--gpus`)', () => {
  it.each([
    ['all', 'all'],
    ['none', 'none'],
    ['0', ['0']],
    ['0,1', ['0', '1']],
    ['device=0,1', ['0', '1']],
    ['"device=GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60"', ['GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60']],
    ['many', null],
    ['0;rm -rf /', null],
    ['', null],
  ])('%j', (text, expected) => {
    expect(parseGpuSelection(text)).toEqual(expected)
  })
})

describe('parseByteSize (`--shm-size`) and formatBytes', () => {
  it.each([
    ['8g', 8 * 1024 ** 3],
    ['512m', 512 * 1024 ** 2],
    ['64M', 64 * 1024 ** 2],
    ['1.5g', 1.5 * 1024 ** 3],
    ['67108864', 67108864],
    ['2gb', 2 * 1024 ** 3],
    ['0', null],
    ['lots', null],
    ['-1g', null],
  ])('%j', (text, expected) => {
    expect(parseByteSize(text)).toBe(expected)
  })

  it('formats sizes in binary units', () => {
    expect(formatBytes(67108864)).toBe('64 MiB')
    expect(formatBytes(8 * 1024 ** 3)).toBe('8.0 GiB')
    expect(formatBytes(1192340227)).toBe('1.1 GiB')
    expect(formatBytes(512)).toBe('512 B')
  })
})

describe('parseShmSize', () => {
  it('accepts up to 1 TiB and refuses more, zero and what is not a size', () => {
    expect(parseShmSize('8g')).toBe(8 * 1024 ** 3)
    expect(parseShmSize('1t')).toBe(1024 ** 4)
    for (const bad of ['99999999t', '1025g', '1.1t', '0', '-1g', '8x', '1e9', '', '0.1b']) expect(parseShmSize(bad), bad).toBeNull()
  })
})
