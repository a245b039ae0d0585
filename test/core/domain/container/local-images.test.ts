import { describe, expect, it } from 'vitest'

import { localImageFrom } from '../../../../src/core/domain/container/local-images'
import { dockerNotesZh, type DockerNoteKey } from '../../../../src/shared/i18n/docker-notes'
import { interpolate } from '../../../../src/shared/i18n/interpolate'

const item = { Id: 'sha256:02d3d0ce62b4aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', RepoTags: ['nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04'], Size: 3_400_000_000, Created: 1_740_000_000 }
const config = {
  Created: '2025-03-01T00:00:00Z',
  Config: { Env: ['CUDA_VERSION=12.8.1', 'NV_CUDNN_VERSION=9.8.0.87-1', 'NVIDIA_REQUIRE_CUDA=cuda>=12.8 brand=tesla,driver>=535,driver<536'], Labels: { maintainer: 'NVIDIA CORPORATION' } },
}

describe('localImageFrom', () => {
  it('reads versions from the config and judges the host driver before the image runs', () => {
    const img = localImageFrom(item, config, { driverVersion: '580.159.04', cudaVersion: '13.0' })
    expect(img).toMatchObject({ id: '02d3d0ce62b4', tags: ['nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04'], sizeBytes: 3_400_000_000, createdAt: '2025-03-01T00:00:00Z' })
    expect(img.versions.cuda).toEqual({ value: '12.8.1', source: 'env CUDA_VERSION' })
    expect(img.versions.cudnn?.value).toBe('9.8.0.87-1')
    expect(img.driverFit.verdict).toBe('ok')
    expect(localImageFrom(item, config, { driverVersion: '525.147.05', cudaVersion: '12.0' }).driverFit.verdict).toBe('too-old')
    expect(localImageFrom(item, config, { driverVersion: '535.104.05', cudaVersion: '12.2' }).driverFit.verdict).toBe('brand-dependent')
  })

  it('copes with a dangling image and an image without config', () => {
    const img = localImageFrom({ Id: 'sha256:abc', RepoTags: ['<none>:<none>'], Size: 1, Created: 0 }, {}, { driverVersion: null, cudaVersion: null })
    expect(img).toMatchObject({ tags: [], createdAt: null, versions: { torch: null, cuda: null, requireCuda: null }, driverFit: { verdict: 'no-requirement' } })
  })

  it('labels a CPU-only PyTorch image CPU-only (its torch version or tag says cpu), in both languages; a pip CUDA image is not', () => {
    const host = { driverVersion: '580.159.04', cudaVersion: '13.0' }
    const byTag = localImageFrom({ ...item, RepoTags: ['pytorch/pytorch:2.5.1-cpu'] }, { Config: { Env: ['PATH=/usr/bin'] } }, host)
    expect(byTag.driverFit.verdict).toBe('cpu-only')
    expect(byTag.driverFit.reason).toBe('A CPU-only PyTorch 2.5.1 (pytorch/pytorch:2.5.1-cpu): it can never use the GPU. Use a CUDA build of the image.')
    expect(interpolate(dockerNotesZh[byTag.driverFit.message.key as DockerNoteKey], byTag.driverFit.message.params)).toContain('纯 CPU 版 PyTorch 2.5.1')
    const byVersion = localImageFrom({ ...item, RepoTags: ['me/train:latest'] }, { Config: { Env: ['PYTORCH_VERSION=2.8.0+cpu'] } }, host)
    expect(byVersion.driverFit).toMatchObject({ verdict: 'cpu-only', reason: expect.stringContaining('(torch 2.8.0+cpu)') })
    // A pip CUDA wheel declares no CUDA in the image config: nothing is claimed about it.
    const pipCuda = localImageFrom({ ...item, RepoTags: ['me/torch-train:2.8'] }, { Config: { Env: ['PATH=/usr/bin'] } }, host)
    expect(pipCuda.driverFit.verdict).toBe('no-requirement')
    expect(localImageFrom(item, config, host).driverFit.verdict).toBe('ok')
  })
})

