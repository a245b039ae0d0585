import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { afterEach, describe, expect, it } from 'vitest'

import { createCoreService } from '../../../../src/core/app/service/core-service'
import type { CoreService } from '../../../../src/core/app/service/types'
import { INVOKE_CHANNELS } from '../../../../src/shared/channels'
import { MAX_SMI_TEXT, type RecommendResult, RecommendResultSchema } from '../../../../src/shared/recommend'
import { fakeSmiEnv } from '../../../helpers/fake-smi'

const fixture = (p: string) => readFileSync(fileURLToPath(new URL(`../../../fixtures/${p}`, import.meta.url)), 'utf8')

let core: CoreService | null = null
afterEach(async () => {
  await core?.dispose()
  core = null
})

async function ask(args: unknown[], env = fakeSmiEnv('h200-x1')): Promise<RecommendResult> {
  core = createCoreService({ env })
  const r = await core.invoke(INVOKE_CHANNELS.getRecommendations, args)
  if (!r.ok) throw new Error(r.error.message)
  return RecommendResultSchema.parse(r.value)
}

describe('recommend:get', () => {
  it('answers for this machine when given no GPU facts', async () => {
    const result = await ask([])
    expect(result.input).toMatchObject({ driverVersion: '580.159.04', highestCuda: '13.0', highestCudaSource: 'nvidia-smi' })
    expect(result.input.gpus[0]).toMatchObject({ name: 'NVIDIA H200', computeCapability: '9.0', source: 'nvidia-smi' })
    expect(result.recommendations[0]!.image).toBe('pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime')
  })

  it('answers for pasted nvidia-smi output of another machine', async () => {
    const result = await ask([{ smiText: fixture('public/A/rtx5090-linux-570.195.03-transcribed.txt') }])
    expect(result.input.driverVersion).toBe('570.195.03')
    expect(result.recommendations[0]).toMatchObject({ image: 'pytorch/pytorch:2.11.0-cuda12.8-cudnn9-runtime', compatibility: 'native' })
  })

  it('reads a Windows capture as Windows (driver model column)', async () => {
    const result = await ask([{ smiText: fixture('public/A/rtx2080super-windows-wddm-591.86.txt') }])
    expect(result.input).toMatchObject({ platform: 'windows', highestCuda: '13.1' })
    expect(result.recommendations[0]!.image).toBe('pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime')
  })

  it('applies what-if values over the pasted output', async () => {
    const result = await ask([{ smiText: fixture('public/A/rtx5090-linux-570.195.03-transcribed.txt'), driver: '560.35.03' }])
    expect(result.recommendations).toEqual([])
    // NVIDIA's supported-GPU list names the RTX 5090 (10de:2b85) first in 570.86.16.
    expect(result.blockers!.join('\n')).toMatch(/570\.86\.16/)
  })

  it('answers a what-if without touching nvidia-smi', async () => {
    const result = await ask([{ gpus: ['Tesla V100-SXM2-16GB'], driver: '575.57.08', devel: true }], { PATH: '/nonexistent' })
    expect(result.recommendations[0]).toMatchObject({ image: 'pytorch/pytorch:2.14.1-cuda12.6-cudnn9-devel', variant: 'devel' })
  })

  it('says why when the text is not nvidia-smi output, or the machine has no driver', async () => {
    const bad = await ask([{ smiText: 'hello' }])
    expect(bad.recommendations).toEqual([])
    expect(bad.blockers![0]).toMatch(/not nvidia-smi output/)
    const none = await ask([], { PATH: '/nonexistent' })
    expect(none.blockers![0]).toMatch(/nvidia-smi was not found/)
  })

  it('rejects malformed arguments and text over 1 MiB', async () => {
    core = createCoreService({ env: fakeSmiEnv('h200-x1') })
    for (const args of [[{ driver: 'latest' }], [{ ccs: ['8'] }], [{ platform: 'macos' }], [{ smiText: 'x'.repeat(MAX_SMI_TEXT + 1) }], [{ surprise: 1 }]]) {
      const r = await core.invoke(INVOKE_CHANNELS.getRecommendations, args)
      expect(r.ok).toBe(false)
      expect(!r.ok && r.error.code).toBe('invalid-arguments')
    }
  })
})
