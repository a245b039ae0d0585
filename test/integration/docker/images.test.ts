import { describe, expect, it } from 'vitest'

import { listLocalImages } from '../../../src/core/domain/container/local-images'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { engine, PYTHON_IMAGE, requireImage, RUN, spawnCli, TORCH_IMAGE } from './engine'

describe.skipIf(!RUN)('local images, read without running them', () => {
  it('versions from the config env set on import, and the driver verdict for three host drivers', async () => {
    await requireImage(PYTHON_IMAGE)
    await requireImage(TORCH_IMAGE)
    const h200 = await listLocalImages(engine(), { driverVersion: '580.159.04', cudaVersion: '13.0' })
    const py = h200.find((i) => i.tags.includes(PYTHON_IMAGE))!
    expect(py.versions).toEqual({
      torch: null,
      cuda: { value: '12.8.1', source: 'env CUDA_VERSION' },
      cudnn: { value: '9.8.0.87-1', source: 'env NV_CUDNN_VERSION' },
      nvidiaPytorch: null,
      requireCuda: 'cuda>=12.8 brand=tesla,driver>=535,driver<536',
    })
    expect(py.driverFit.verdict).toBe('ok')
    expect(py.sizeBytes).toBeGreaterThan(50_000_000)
    expect(Date.parse(py.createdAt!)).toBeGreaterThan(Date.parse('2024-01-01'))
    const torch = h200.find((i) => i.tags.includes(TORCH_IMAGE))!
    expect(torch.versions.torch).toEqual({ value: '1.13.1', source: 'env PYTORCH_VERSION' })
    expect(torch.driverFit.verdict).toBe('no-requirement')

    const r535 = await listLocalImages(engine(), { driverVersion: '535.104.05', cudaVersion: '12.2' })
    expect(r535.find((i) => i.tags.includes(PYTHON_IMAGE))!.driverFit.verdict).toBe('brand-dependent')
    const r525 = await listLocalImages(engine(), { driverVersion: '525.147.05', cudaVersion: '12.0' })
    expect(r525.find((i) => i.tags.includes(PYTHON_IMAGE))!.driverFit).toMatchObject({ verdict: 'too-old', reason: expect.stringMatching(/needs cuda>=12\.8/) })
  })

  it('gpu-doctor images --json and the table, with the host driver from nvidia-smi', async () => {
    const json = spawnCli(['images', '--json'], fakeSmiEnv('h200-x1'))
    expect(await json.exited).toBe(0)
    const doc = JSON.parse(json.out()) as { host: unknown; images: Array<{ tags: string[]; driverFit: { verdict: string } }> }
    expect(doc.host).toEqual({ driverVersion: '580.159.04', cudaVersion: '13.0' })
    expect(doc.images.find((i) => i.tags.includes(PYTHON_IMAGE))?.driverFit.verdict).toBe('ok')
    const table = spawnCli(['images'], fakeSmiEnv('h200-x1'))
    expect(await table.exited).toBe(0)
    expect(table.out()).toMatch(/Host driver 580\.159\.04, highest CUDA it supports 13\.0/)
    expect(table.out()).toMatch(new RegExp(`${PYTHON_IMAGE}\\s+\\d+ MiB.*12\\.8\\.1\\s+9\\.8\\.0\\.87-1\\s+ok`))
  })
})
