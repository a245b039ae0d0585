import { describe, expect, it } from 'vitest'

import { evidenceView } from '../../../../src/core/domain/report/rendering/evidence-view'
import { reportTranslator } from '../../../../src/core/domain/report/rendering/translator'
import type { StepResult } from '../../../../src/shared/diagnosis'

// The report shows step 1's environment table and which CUDA calls worked on each GPU, and step 3's
// mapped libraries with how they got there, in both languages.
const step1 = {
  id: 'gpu-visible',
  status: 'fail',
  summary: '',
  summaryKey: null,
  summaryParams: {},
  findings: [],
  durationMs: 0,
  evidence: {
    torchDevices: [
      { index: 0, name: 'NVIDIA H100', cc: '9.0', totalMemory: 80 << 30, smCount: 132, exercise: { ok: true, calls: [] } },
      { index: 1, name: 'NVIDIA H100', cc: '9.0', totalMemory: 80 << 30, smCount: 132, exercise: { ok: false, calls: [], failedCall: 'torch.cuda.synchronize(1)', error: 'RuntimeError: CUDA error: X' } },
    ],
    environment: [{ name: 'CUDA_LAUNCH_BLOCKING', value: '1', class: 'debugging-mode', effect: 'synchronous launches', source: 'https://docs.nvidia.com/x', active: true }],
  },
} as StepResult
const step3 = {
  ...step1,
  id: 'ldd-linkage',
  evidence: { mappedOrigins: [{ path: '/usr/local/cuda/lib64/stubs/libcuda.so', realPath: '/usr/local/cuda/lib64/stubs/libcuda.so', origin: 'ld-preload', why: '' }] },
} as StepResult

describe('the report shows the evidence issue 23 added', () => {
  it('in English', () => {
    const t = reportTranslator('en')
    const v = evidenceView(step1, t)
    const env = v.tables.find((x) => x.title === 'Environment variables that change CUDA, cuDNN, NCCL or PyTorch')!
    expect(env.rows).toEqual([['CUDA_LAUNCH_BLOCKING', '1', 'debugging mode', 'synchronous launches', 'https://docs.nvidia.com/x']])
    const devices = v.tables.find((x) => x.title === 'GPUs PyTorch sees')!
    expect(devices.rows.map((r) => r.at(-1))).toEqual(['every call worked', 'failed at torch.cuda.synchronize(1): RuntimeError: CUDA error: X'])
    expect(evidenceView(step3, t).tables[0]!.rows).toEqual([['/usr/local/cuda/lib64/stubs/libcuda.so', 'LD_PRELOAD', '/usr/local/cuda/lib64/stubs/libcuda.so']])
  })

  it('in Chinese', () => {
    const v = evidenceView(step1, reportTranslator('zh-CN'))
    expect(v.tables.find((x) => x.title === '影响 CUDA、cuDNN、NCCL 或 PyTorch 的环境变量')!.rows[0]![2]).toBe('调试模式')
  })
})
