import { describe, expect, it } from 'vitest'

import { envMap, imageVersions, versionsFromTag } from '../../../../src/core/domain/container/image-versions'

describe('versionsFromTag', () => {
  it.each([
    ['pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime', { torch: '2.9.1', cuda: '12.8', cudnn: '9' }],
    ['pytorch/pytorch:2.1.2-cuda11.8-cudnn8-devel', { torch: '2.1.2', cuda: '11.8', cudnn: '8' }],
    ['nvcr.io/nvidia/pytorch:24.05-py3', { nvidiaPytorch: '24.05' }],
    ['nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04', { cuda: '12.8.1' }],
    ['ghcr.io/me/train:torch2.4-cu121', { cuda: '12.1' }],
    ['ubuntu:24.04', {}],
    ['localhost:5000/app', {}],
  ])('%s', (ref, expected) => {
    expect(versionsFromTag(ref)).toEqual(expected)
  })
})

describe('imageVersions', () => {
  it('prefers the environment, then labels, then the tag, and says where each came from', () => {
    const ngc = envMap([
      'PATH=/usr/local/bin',
      'CUDA_VERSION=12.4.1.003',
      'CUDNN_VERSION=9.1.0.70',
      'PYTORCH_VERSION=2.4.0a0+07cecf4',
      'NVIDIA_PYTORCH_VERSION=24.05',
      'NVIDIA_REQUIRE_CUDA=cuda>=9.0',
      'EMPTY=',
    ])
    expect(ngc.EMPTY).toBe('')
    const v = imageVersions(ngc, {}, ['nvcr.io/nvidia/pytorch:24.05-py3'])
    expect(v).toEqual({
      torch: { value: '2.4.0a0+07cecf4', source: 'env PYTORCH_VERSION' },
      cuda: { value: '12.4.1.003', source: 'env CUDA_VERSION' },
      cudnn: { value: '9.1.0.70', source: 'env CUDNN_VERSION' },
      nvidiaPytorch: { value: '24.05', source: 'env NVIDIA_PYTORCH_VERSION' },
      requireCuda: 'cuda>=9.0',
    })
  })

  it('falls back to labels and to the tag of an official PyTorch image that sets no versions', () => {
    const v = imageVersions({ PATH: '/opt/conda/bin' }, { 'com.nvidia.cudnn.version': '9.1.0.70-1' }, ['pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime'])
    expect(v.torch).toEqual({ value: '2.9.1', source: 'tag pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime' })
    expect(v.cuda?.value).toBe('12.8')
    expect(v.cudnn).toEqual({ value: '9.1.0.70-1', source: 'label com.nvidia.cudnn.version' })
    expect(v.requireCuda).toBeNull()
  })

  it('derives the legacy requirement from CUDA_VERSION alone (nvidia-container-toolkit does the same)', () => {
    expect(imageVersions({ CUDA_VERSION: '11.8.0', NV_CUDNN_VERSION: '8.9.6.50' }, {}, []).requireCuda).toBe('cuda>=11.8')
  })
})
