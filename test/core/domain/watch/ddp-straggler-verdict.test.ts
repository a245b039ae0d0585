import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { stragglerFinding, withStraggler } from '../../../../src/core/domain/watch/straggler'
import { judgeWatch, type WatchFacts } from '../../../../src/core/domain/watch/verdict'
import { watchEn, watchZh } from '../../../../src/shared/i18n/watch'
import type { WatchResult } from '../../../../src/shared/watch'

// 2×H100, `watch --pid` of rank 0 of a DDP job whose rank 1 did extra matmuls: rank 1's GPU moved memory
// 31 % of the time, rank 0's 1 %. distributed-rank-straggler named rank 1, yet the verdict said rank 0
// was launch-bound (GPM SM activity 19 %, main thread 98 %): rank 0 spins in NCCL waiting for rank 1.
const real = JSON.parse(readFileSync(new URL('../../../fixtures/h100-x2-issue23/watch-ddp.json', import.meta.url), 'utf8')) as WatchResult

describe('the watched rank waits for a straggler', () => {
  const { verdict: _v, findings: _f, headline: _h, decidedBy: _d, ...facts } = real
  const judged = judgeWatch(facts as WatchFacts)
  const ranks = real.job!.ranks

  it('the real run: straggler named, but the verdict blamed the watched rank', () => {
    expect([real.verdict, real.decidedBy]).toEqual(['launch-bound', 'gpm-sm-activity'])
    expect(real.findings.map((f) => f.id)).toEqual(['distributed-rank-straggler', 'launch-bound-small-kernels'])
    expect(judged.verdict).toBe('launch-bound')
  })

  it('now: the verdict is waiting for rank 1, decided by each rank\'s memory traffic, with no launch-bound finding', () => {
    const out = withStraggler(judged, ranks, real.pid, stragglerFinding(ranks, real.job!.key))
    expect([out.verdict, out.decidedBy, out.headline.key]).toEqual(['gpu-waits-elsewhere', 'rank-memory-bandwidth', 'verdict.waitsForRank'])
    expect(out.headline.params).toMatchObject({ rank: 1, pid: 4154, gpu: '1', mem: '31', othersMem: '1' })
    expect(out.findings.map((f) => f.id)).toEqual(['distributed-rank-straggler'])
    expect(watchZh['verdict.waitsForRank']).toContain('{{rank}}')
    expect(watchEn['measure.rank-memory-bandwidth']).toBeTruthy()
  })

  it('watching the straggler itself keeps its own verdict, with the straggler finding', () => {
    const swapped = ranks.map((r) => ({ ...r, memBandwidthMean: r.rank === 0 ? 31 : 1 }))
    const out = withStraggler(judged, swapped, real.pid, stragglerFinding(swapped, real.job!.key))
    expect(out.verdict).toBe('launch-bound')
    expect(out.findings.map((f) => f.id)).toEqual(['distributed-rank-straggler', 'launch-bound-small-kernels'])
  })
})
