import { describe, expect, it } from 'vitest'

import { MAX_SMI_TEXT } from '../../../../src/shared/constants'
import { RecommendRequestSchema } from '../../../../src/shared/recommend'
import { buildWhatIfRequest, EMPTY_WHAT_IF, isEmptyWhatIf, splitMark } from '../../../../src/renderer/features/images/what-if'

const form = (patch: Partial<typeof EMPTY_WHAT_IF>) => ({ ...EMPTY_WHAT_IF, ...patch })

describe('what-if form', () => {
  it('an untouched form asks nothing', () => {
    expect(isEmptyWhatIf(EMPTY_WHAT_IF)).toBe(true)
    expect(isEmptyWhatIf(form({ gpus: '  ' }))).toBe(true)
    expect(isEmptyWhatIf(form({ devel: true }))).toBe(false)
    expect(isEmptyWhatIf(form({ smiText: 'x' }))).toBe(false)
  })

  it('builds a request the contract accepts, with only the fields filled in', () => {
    const built = buildWhatIfRequest(
      form({ smiText: 'Tue Nov …', gpus: 'NVIDIA GeForce RTX 4090,\n Tesla T4 ', ccs: '8.9 7.5,12.0', driver: ' 570.124.06 ', platform: 'windows', devel: true, torch: '2.8', ngc: true }),
    )
    expect(built).toEqual({
      ok: true,
      request: {
        smiText: 'Tue Nov …',
        gpus: ['NVIDIA GeForce RTX 4090', 'Tesla T4'],
        ccs: ['8.9', '7.5', '12.0'],
        driver: '570.124.06',
        platform: 'windows',
        devel: true,
        torch: '2.8',
        ngc: true,
      },
    })
    expect(RecommendRequestSchema.safeParse(built.ok && built.request).success).toBe(true)
    expect(buildWhatIfRequest(form({ devel: true }))).toEqual({ ok: true, request: { devel: true } })
  })

  it('names the first field the core would refuse', () => {
    expect(buildWhatIfRequest(form({ driver: '57' }))).toEqual({ ok: false, field: 'driver' })
    expect(buildWhatIfRequest(form({ driver: '570.124.06.1' }))).toEqual({ ok: false, field: 'driver' })
    expect(buildWhatIfRequest(form({ torch: '2.8.1' }))).toEqual({ ok: false, field: 'torch' })
    expect(buildWhatIfRequest(form({ ccs: '8.6, sm_90' }))).toEqual({ ok: false, field: 'ccs' })
    expect(buildWhatIfRequest(form({ gpus: 'x'.repeat(201) }))).toEqual({ ok: false, field: 'gpus' })
    expect(buildWhatIfRequest(form({ smiText: 'x'.repeat(MAX_SMI_TEXT + 1) }))).toEqual({ ok: false, field: 'smiText' })
    // What the form lets through, the contract accepts too.
    for (const value of ['570', '570.124', '570.124.06', '57', '5700', '570.1234']) {
      const built = buildWhatIfRequest(form({ driver: value }))
      expect(built.ok, value).toBe(RecommendRequestSchema.safeParse({ driver: value }).success)
    }
  })

  it('splits a leading confidence mark off a reason', () => {
    expect(splitMark('[S] The tag 2.9.1 is attested by public use.')).toEqual({ mark: 'S', text: 'The tag 2.9.1 is attested by public use.' })
    expect(splitMark('[U]No space')).toEqual({ mark: 'U', text: 'No space' })
    expect(splitMark('Driver 580 supports CUDA 13.0 [S]')).toEqual({ mark: null, text: 'Driver 580 supports CUDA 13.0 [S]' })
  })
})
