import { describe, expect, it } from 'vitest'

import { classifyState, parseSinfoNodes } from '../../../src/core/platform/slurm/sinfo'
import { srunArgs } from '../../../src/core/platform/slurm/srun'

describe("sinfo's node states", () => {
  it('keeps drained, down and silent nodes out, with the reason the admin gave', () => {
    const text = ['gpu001|idle|none', 'gpu002|drain|fan 3 failed', 'gpu003|drng|NVLink errors', 'gpu004|down*|Not responding', 'gpu005|idle*|none', 'gpu006|mix|none', 'gpu007|alloc|none', 'gpu006|mix|none', ''].join('\n')
    expect(parseSinfoNodes(text).map((n) => [n.name, n.unusable, n.reason])).toEqual([
      ['gpu001', null, null],
      ['gpu002', 'drained', 'fan 3 failed'],
      ['gpu003', 'drained', 'NVLink errors'],
      ['gpu004', 'down', 'Not responding'],
      ['gpu005', 'not-responding', null],
      ['gpu006', null, null],
      ['gpu007', null, null],
    ])
  })

  it('a reason with a | in it stays whole; power-saving nodes (~) take jobs after they boot', () => {
    expect(parseSinfoNodes('gpu009|drain@|rma | ticket 42')[0]?.reason).toBe('rma | ticket 42')
    expect(classifyState('idle~')).toBeNull()
    expect(classifyState('fail')).toBe('down')
    expect(classifyState('DRAIN')).toBe('drained')
  })

  it('srun: one task on exactly that node, a Slurm time limit a minute above ours, no shell', () => {
    expect(srunArgs({ node: 'gpu001', jobName: 'gpu-doctor-1-abc', partition: 'h100', gpusPerNode: 8, command: ['node', '/opt/gd/gpu-doctor.cjs', 'report'], timeoutMs: 900_000 })).toEqual([
      '--nodes=1',
      '--ntasks=1',
      '--nodelist=gpu001',
      '--job-name=gpu-doctor-1-abc',
      '--time=16',
      '--quiet',
      '--partition=h100',
      '--gpus-per-node=8',
      '--',
      'node',
      '/opt/gd/gpu-doctor.cjs',
      'report',
    ])
  })
})
