import { describe, expect, it } from 'vitest'

import { createI18n } from '../../../../src/renderer/i18n'
import { fieldLabel, metricLabel, ratioVerdict } from '../../../../src/renderer/features/report/labels'

describe('report labels', () => {
  const { t } = createI18n('en')

  it('names facts and step verdicts', () => {
    expect(fieldLabel('cudnn', t)).toBe('cuDNN')
    expect(fieldLabel('failingSteps', t)).toBe('Failing steps')
    expect(fieldLabel('step.conv-timing', t)).toBe('5. Conv2d timing, cuDNN on vs off')
    expect(fieldLabel('step.nope', t)).toBe('step.nope')
    expect(fieldLabel('somethingNew', t)).toBe('somethingNew')
  })

  it('names timing metrics, unknown ones as they are', () => {
    expect(metricLabel('conv.representative.onMs', t)).toBe('Representative layer: cuDNN on')
    expect(metricLabel('conv.seed.ratio', t)).toBe('Seed case: cuDNN speed-up')
    expect(metricLabel('sm.gpu3.tflops', t)).toBe('GPU 3: TFLOP/s under load')
    expect(metricLabel('step.ldd-linkage.durationMs', t)).toBe('Duration of 3. Library linkage')
    expect(metricLabel('probeSeconds', t)).toBe('Probe run time')
    expect(metricLabel('gpu.new.metric', t)).toBe('gpu.new.metric')
    const zh = createI18n('zh-CN').t
    expect(metricLabel('conv.representative.onMs', zh)).toBe('典型层：cuDNN 开')
  })

  it('judges a ratio b / a in the metric’s direction, ignoring 5 %', () => {
    expect(ratioVerdict(5.88, false)).toBe('worse')
    expect(ratioVerdict(0.5, false)).toBe('better')
    expect(ratioVerdict(0.17, true)).toBe('worse')
    expect(ratioVerdict(1.04, true)).toBe('same')
    expect(ratioVerdict(null, true)).toBeNull()
  })
})
