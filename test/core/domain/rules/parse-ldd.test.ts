import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseLdd } from '../../../../src/core/domain/rules/parse-ldd'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

describe('parseLdd', () => {
  it('reads every line form of a tab-indented ldd of libtorch_cuda.so', () => {
    const entries = parseLdd(fixture('public/E/ldd-libtorch_cuda-libcublas-not-found.txt'))
    expect(entries).toHaveLength(16)
    expect(entries[0]).toEqual({ name: 'linux-vdso.so.1', path: null, notFound: false, address: '0x00007ffff178d000' })
    expect(entries.find((e) => e.name === 'libcudart-80664282.so.10.2')).toEqual({
      name: 'libcudart-80664282.so.10.2',
      path: null,
      notFound: false,
      address: '0x00007f4f3cf04000',
    })
    expect(entries.find((e) => e.notFound)).toEqual({ name: 'libcublas.so.10', path: null, notFound: true, address: null })
    expect(entries.find((e) => e.name === 'ld-linux-x86-64.so.2')).toEqual({
      name: 'ld-linux-x86-64.so.2',
      path: '/lib64/ld-linux-x86-64.so.2',
      notFound: false,
      address: '0x00007f4f6dd2e000',
    })
  })

  it('reads the old-glibc "=>  (0x…)" vdso form and space indentation', () => {
    const entries = parseLdd(fixture('public/E/ldd-libnvinfer_plugin-libcudnn8-not-found.txt'))
    expect(entries).toHaveLength(13)
    expect(entries[0]).toEqual({ name: 'linux-vdso.so.1', path: null, notFound: false, address: '0x00007ffd566d7000' })
    expect(entries.filter((e) => e.notFound).map((e) => e.name)).toEqual(['libcublas.so.11', 'libcublasLt.so.11', 'libcudnn.so.8'])
    expect(entries.find((e) => e.name === 'libnvinfer.so.8')?.path).toBe('/mnt/whs/envs/TensorRT-8.5.1.7/lib/libnvinfer.so.8')
  })

  it('skips headers, prompts and "statically linked", and handles CRLF and a missing address', () => {
    const text = [
      '$ ldd /opt/app/bin/tool /opt/app/bin/static',
      '/opt/app/bin/tool:',
      '\tlibfoo.so.1 => /opt/app/lib/libfoo.so.1',
      '\tlibbar.so.2 => not found',
      '/opt/app/bin/static:',
      '\tstatically linked',
      '',
    ].join('\r\n')
    expect(parseLdd(text)).toEqual([
      { name: 'libfoo.so.1', path: '/opt/app/lib/libfoo.so.1', notFound: false, address: null },
      { name: 'libbar.so.2', path: null, notFound: true, address: null },
    ])
  })

  it('reads a real ldd of a pip-installed torch (H200 capture) with every library inside site-packages', () => {
    const entries = parseLdd(fixture('h200-x1/torch/ldd.txt'))
    expect(entries.some((e) => e.notFound)).toBe(false)
    expect(entries.find((e) => e.name === 'libcudnn.so.9')?.path).toMatch(/site-packages\/torch\/lib\/\.\.\/\.\.\/nvidia\/cudnn\/lib/)
  })
})
