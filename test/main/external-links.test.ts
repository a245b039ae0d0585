import { describe, expect, it, vi } from 'vitest'

import { checkExternalUrl, createOpenExternal } from '../../src/main/external-links'

describe('checkExternalUrl', () => {
  it.each([
    'https://www.nvidia.com/en-us/drivers/',
    'https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html',
    'https://pytorch.org/get-started/locally/',
    'https://docs.docker.com/engine/install/',
    'https://github.com/pytorch/pytorch/issues?q=cuda',
  ])('allows %s', (url) => {
    expect(checkExternalUrl(url)).toBe(url)
  })

  it('returns the re-serialised URL that was checked', () => {
    expect(checkExternalUrl('https://PyTorch.org/a b')).toBe('https://pytorch.org/a%20b')
  })

  it.each([
    ['plain http', 'http://www.nvidia.com/'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['custom scheme', 'ms-settings:display'],
    ['smb share', '\\\\evil\\share'],
    ['unknown host', 'https://evil.example/'],
    ['suffix trick', 'https://www.nvidia.com.evil.example/'],
    ['subdomain not listed', 'https://evil.github.com/'],
    ['credentials', 'https://www.nvidia.com@evil.example/'],
    ['user info on allowed host', 'https://user:pw@github.com/'],
    ['non-default port', 'https://github.com:8443/'],
    ['relative', '/drivers'],
    ['empty', ''],
  ])('refuses %s', (_name, url) => {
    expect(checkExternalUrl(url)).toBeNull()
  })
})

describe('createOpenExternal', () => {
  it('opens allowed URLs and reports true', async () => {
    const open = vi.fn(async () => {})
    await expect(createOpenExternal(open)('https://github.com/')).resolves.toBe(true)
    expect(open).toHaveBeenCalledWith('https://github.com/')
  })

  it('never calls open for a refused URL', async () => {
    const open = vi.fn(async () => {})
    await expect(createOpenExternal(open)('file:///bin/sh')).resolves.toBe(false)
    expect(open).not.toHaveBeenCalled()
  })

  it('reports false when the system refuses to open it', async () => {
    const open = vi.fn(async () => {
      throw new Error('no browser')
    })
    await expect(createOpenExternal(open)('https://pytorch.org/')).resolves.toBe(false)
  })
})
