import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import type { Diagnosis, DiagnosisProgress } from '../src/shared/diagnosis'
import { findingsEn, findingsZh } from '../src/shared/i18n/findings'
import { expect, SCREENSHOTS, saveScreenshot, test } from './fixtures'
import { replayRoutes, startReplay } from './helpers/replay'

// Real results of `gpu-doctor diagnose --json` on an H200 (PyTorch 2.11.0+cu130, driver 580.159.04),
// replayed into the page through the event stream: the evidence views of steps 2, 4 and 5 need a
// CUDA PyTorch, which the test machine does not have. The interpreter list (that machine's) and the
// start request are answered here too, so no probe runs; everything else (the page, serve, the live
// monitor on the fake nvidia-smi) is real.
const load = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, 'data', name), 'utf8')) as Diagnosis
const H200 = load('diagnosis-h200.json')
const H200_NO_CUDNN = load('diagnosis-h200-disable-cudnn.json')

function progressEvents(runId: string, d: Diagnosis): { before: DiagnosisProgress[]; samples: DiagnosisProgress[]; after: DiagnosisProgress[] } {
  const p = (stage: string, step: DiagnosisProgress['step'], sample: DiagnosisProgress['sample'] = null): DiagnosisProgress => ({
    runId,
    stage,
    step,
    message: stage,
    sample,
  })
  const sm = d.steps.find((s) => s.id === 'sm-utilisation')!.evidence as { timeline: Array<{ time: number; gpus: Array<{ index: number; sm: number | null }> }> }
  return {
    before: [p('nvidia-smi', 'gpu-visible'), p('import-torch', 'gpu-visible'), p('facts', 'cudnn-loaded'), p('ldd', 'ldd-linkage'), p('workload:cudnn-maps', null), p('workload:sustained', 'sm-utilisation')],
    samples: sm.timeline.flatMap((t) => t.gpus.map((g) => p('sample', 'sm-utilisation', { time: t.time, gpu: g.index, sm: g.sm }))),
    after: [p('workload:conv', 'conv-timing'), p('done', null)],
  }
}

test.describe('diagnosis evidence views (replayed H200 run)', () => {
  test('a healthy H200: every step passes and every evidence view shows its data', async ({ page, served, pageProblems }) => {
    const runId = 'replay-h200'
    const replay = await startReplay(page, served.url, runId)
    const events = progressEvents(runId, H200)
    // SM% is sampled from the start (the idle baseline), but step 4's chart waits for step 4.
    replay.send('diagnosis:progress', events.before[0]!)
    for (const e of events.samples.slice(0, 3)) replay.send('diagnosis:progress', e)
    await expect(page.getByTestId('run-step')).toHaveAttribute('data-step', 'gpu-visible')
    // A run asks for all six steps; this one-GPU capture predates step 6, which a one-GPU run skips at once.
    await expect(page.getByTestId('run-step')).toHaveText('Step 1 of 6: GPU visible to PyTorch')
    await expect(page.getByTestId('run-time')).toContainText('elapsed, typically')
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'running')
    await expect(page.getByTestId('ev-sm-chart-live')).toHaveCount(0)
    for (const e of events.before.slice(1)) replay.send('diagnosis:progress', e)
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'done')
    await expect(page.getByTestId('step-status-sm-utilisation')).toHaveAttribute('data-status', 'running')
    await expect(page.getByTestId('step-status-conv-timing')).toHaveAttribute('data-status', 'pending')

    // Step 4 draws SM% live from the progress samples.
    const half = Math.floor(events.samples.length / 2)
    for (const e of events.samples.slice(3, half)) replay.send('diagnosis:progress', e)
    await expect(page.getByTestId('ev-sm-chart-live')).toHaveAttribute('data-points', String(half))
    await page.getByTestId('step-card-sm-utilisation').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'diagnosis-h200-live-en')
    for (const e of events.samples.slice(half)) replay.send('diagnosis:progress', e)
    for (const e of events.after) replay.send('diagnosis:progress', e)
    replay.send('diagnosis:done', { kind: 'done', runId, diagnosis: H200 })

    for (const id of ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'])
      await expect(page.getByTestId(`step-status-${id}`)).toHaveAttribute('data-status', 'pass')
    await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')

    // The answer first: no problem, every passing step folded to one line that opens on demand.
    await expect(page.getByTestId('headline')).toHaveAttribute('data-verdict', 'pass')
    await expect(page.getByTestId('headline-title')).toHaveText('All 5 steps that ran found no problem')
    // The keyboard and the screen reader go to the answer when the run finishes.
    await expect(page.getByTestId('headline-title')).toBeFocused()
    await expect(page.getByTestId('ev-torch-cuda')).toHaveCount(0)
    await expect(page.getByTestId('step-summary-sm-utilisation')).toContainText('SM 100% under load')
    await saveScreenshot(page, 'diagnosis-h200-folded-en')
    for (const id of ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing']) {
      await page.getByTestId(`step-toggle-${id}`).click()
      await expect(page.getByTestId(`step-card-${id}`)).toHaveAttribute('data-open', 'true')
    }

    // 1: versions and architecture coverage.
    await expect(page.getByTestId('ev-torch-cuda')).toHaveText(/13\.0/)
    await expect(page.getByTestId('ev-devices')).toContainText('native code (sm_90)')
    // 2: cuDNN version against the expected major, and the flags with their cost.
    await expect(page.getByTestId('ev-cudnn-version')).toHaveText('9.19.0')
    await expect(page.getByTestId('ev-cudnn')).toContainText('same major version')
    await expect(page.getByTestId('ev-flag-benchmark')).toContainText('False')
    // 3: libraries by origin, the cuDNN really mapped, the other copies.
    await expect(page.getByTestId('ev-origin-wheel').getByTestId('ev-library').first()).toBeVisible()
    await expect(page.getByTestId('ev-mapped-cudnn')).toContainText('nvidia/cudnn/lib/libcudnn.so.9')
    await expect(page.getByTestId('ev-other-copies')).toContainText('/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0')
    await expect(page.getByTestId('ev-origin-missing')).toHaveCount(0)
    // 4: the whole timeline with the load window, TFLOP/s and % of peak, and what SM% means.
    const timeline = (H200.steps[3]!.evidence as { timeline: unknown[] }).timeline
    await expect(page.getByTestId('ev-sm-chart')).toHaveAttribute('data-points', String(timeline.length))
    await expect(page.getByTestId('ev-sm-chart')).not.toHaveAttribute('data-window', '')
    const gpu0 = (H200.steps[3]!.evidence as { perGpu: Array<{ tflops: number; percentOfPeak: number }> }).perGpu[0]!
    await expect(page.getByTestId('ev-sm-tflops')).toHaveText(`${Math.round(gpu0.tflops)} TFLOP/s`)
    await expect(page.getByTestId('ev-sm-percent')).toContainText(`${Math.round(gpu0.percentOfPeak)} %`)
    await expect(page.getByTestId('ev-sm-meaning')).toContainText('not how much of the GPU the kernels used')
    // 5: bars for both cases with the ratio, and the peak's source.
    const rep = (H200.steps[4]!.evidence as { cases: Array<{ label: string; ratio: number }> }).cases.find((c) => c.label === 'representative')!
    const ratio = rep.ratio.toFixed(1)
    await expect(page.getByTestId('ev-conv-representative').getByTestId('ev-conv-ratio')).toHaveText(`${ratio}× faster with cuDNN`)
    await expect(page.getByTestId('ev-conv-seed').getByTestId('ev-bar-on')).toBeVisible()
    await expect(page.getByTestId('ev-conv-peak')).toContainText('https://www.nvidia.com/en-us/data-center/h200/')
    await saveScreenshot(page, 'diagnosis-h200-en')
    for (const id of ['sm-utilisation', 'conv-timing', 'ldd-linkage'])
      await page.getByTestId(`step-card-${id}`).screenshot({ path: resolve(SCREENSHOTS, `diagnosis-h200-${id}-en.png`) })

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('step-summary-sm-utilisation')).toContainText('负载下 SM 100%')
    await expect(page.getByTestId('ev-conv-representative').getByTestId('ev-conv-ratio')).toHaveText(`开启 cuDNN 快 ${ratio} 倍`)
    await saveScreenshot(page, 'diagnosis-h200-zh')
    await page.getByTestId('lang-switch').selectOption('en')
    await page.emulateMedia({ colorScheme: 'dark' })
    await saveScreenshot(page, 'diagnosis-h200-en-dark')
    expect(pageProblems).toEqual([])
  })

  test('cuDNN switched off: steps 2 and 5 fail with the findings and their fixes', async ({ page, served, pageProblems }) => {
    const runId = 'replay-h200-no-cudnn'
    const replay = await startReplay(page, served.url, runId)
    replay.send('diagnosis:done', { kind: 'done', runId, diagnosis: H200_NO_CUDNN })
    await expect(page.getByTestId('step-status-cudnn-loaded')).toHaveAttribute('data-status', 'fail')
    await expect(page.getByTestId('step-status-conv-timing')).toHaveAttribute('data-status', 'fail')
    await expect(page.getByTestId('headline')).toHaveAttribute('data-verdict', 'fail')
    await expect(page.getByTestId('headline-title')).toContainText(findingsEn['cudnn-disabled.title']!)
    const conv = page.getByTestId('step-card-conv-timing')
    await expect(conv.getByTestId('finding-cudnn-not-effective').getByTestId('finding-message')).toHaveText(
      findingsEn['cudnn-not-effective.message']!.replace('{{ratio}}', '1.00'),
    )
    await expect(conv.getByTestId('ev-conv-representative').getByTestId('ev-conv-ratio')).toHaveClass(/tone-bad/)
    await expect(page.getByTestId('step-card-cudnn-loaded').getByTestId('finding-cudnn-disabled')).toHaveAttribute('data-severity', 'error')
    await conv.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'diagnosis-h200-no-cudnn-en')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(conv.getByTestId('finding-cudnn-not-effective').getByTestId('finding-message')).toHaveText(
      findingsZh['cudnn-not-effective.message']!.replace('{{ratio}}', '1.00'),
    )
    expect(pageProblems).toEqual([])
  })
})

test.describe('the call on the live page', () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`"Run the diagnosis" starts the run, not only the page (${lang})`, async ({ page, served }) => {
      await replayRoutes(page, `replay-cta-${lang}`)
      const starts: string[] = []
      page.on('request', (r) => {
        if (/\/api\/invoke\/diagnosis(%3A|:)start/i.test(r.url())) starts.push(r.postData() ?? '')
      })
      await page.goto(served.url)
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      const cta = page.getByTestId('run-diagnosis-cta')
      await expect(cta).toHaveText(lang === 'en' ? 'Run the diagnosis' : '运行诊断')
      // It promises the time the run then shows as typical (31 s for six steps), not "about ten seconds".
      await expect(page.getByTestId('run-diagnosis-callout')).toContainText(lang === 'en' ? 'in about 31 seconds' : '通常约 31 秒')
      await cta.click()
      await expect(page.getByTestId('page-diagnose')).toBeVisible()
      await expect.poll(() => starts.length).toBe(1)
      expect(starts[0]).toContain('/opt/torch/.venv/bin/python3')
      await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'running')
      await expect(page.getByTestId('run-time')).toContainText('0:31')
    })
  }
})
