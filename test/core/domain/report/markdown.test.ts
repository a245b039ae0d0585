import { describe, expect, it } from 'vitest'

import { redactReport } from '../../../../src/core/domain/report/rendering/redact'
import { renderReportHtml } from '../../../../src/core/domain/report/rendering/render-html'
import { renderReportMarkdown } from '../../../../src/core/domain/report/rendering/render-markdown'
import { stepsEn, stepsZh } from '../../../../src/shared/i18n/steps'
import { EMOJI } from '../../../helpers/emoji'
import { h200Report } from './fixtures'

const TITLES = ['GPU visible to PyTorch', 'cuDNN loaded', 'Library linkage', 'SM utilisation under load', 'Conv2d timing, cuDNN on vs off']

/** The rows of the first Markdown table: step title → verdict cell. */
function summaryTable(md: string): Map<string, string> {
  const lines = md.split('\n')
  const start = lines.findIndex((l) => l.startsWith('| '))
  const rows = new Map<string, string>()
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('| ')) break
    const [step, verdict] = line.slice(2, -2).split(' | ')
    rows.set(step!, verdict!)
  }
  return rows
}

describe('Markdown report', () => {
  it('opens with a summary table of the five steps and their verdicts (real H200 diagnosis)', () => {
    const md = renderReportMarkdown(h200Report('diagnose'), 'en')
    const table = summaryTable(md)
    expect([...table.keys()]).toEqual(TITLES.map((t, i) => `${i + 1}. ${t}`))
    expect([...table.values()]).toEqual(['**PASS**', '**PASS**', '**PASS**', '**WARN**', '**PASS**'])
    expect(md.indexOf('| Step | Verdict | Summary |')).toBeLessThan(md.indexOf('<details>'))
  })

  it('gives each step a collapsible section with its evidence, verdict and the fix of each finding', () => {
    const md = renderReportMarkdown(h200Report('diagnose-disable-cudnn'), 'en')
    for (const [i, title] of TITLES.entries()) expect(md).toContain(`<details><summary>${i + 1}. ${title} — `)
    expect(md).toContain('<details><summary>2. cuDNN loaded — FAIL</summary>')
    expect(md).toContain('<details><summary>5. Conv2d timing, cuDNN on vs off — FAIL</summary>')
    expect(md).toMatch(/cudnn-disabled/)
    // That run switched cuDNN off with GPU Doctor's own option: the fix says so, not "remove your code".
    expect(md).toMatch(/\*\*Fix:\*\* Nothing to change in your code/)
    // Evidence of step 5: both cases with their on/off milliseconds.
    expect(md).toMatch(/\| representative \| Conv2d\(256,256,3,p=1\).* \| 2\.62 \| 2\.61 \| 1\.0× \|/)
    // A blank line after <summary> makes GitHub render the Markdown inside.
    expect(md).toMatch(/<\/summary>\n\n/)
  })

  it('marks a failing step 1 and the skipped steps after it (CUDA_VISIBLE_DEVICES="")', () => {
    const md = renderReportMarkdown(h200Report('diagnose-cvd-empty'), 'en')
    expect([...summaryTable(md).values()]).toEqual(['**FAIL**', 'SKIP', '**PASS**', 'SKIP', 'SKIP'])
    expect(md).toContain('| CUDA_VISIBLE_DEVICES | "" (empty) |')
    expect(md).toContain('cuda-visible-devices-misconfigured')
  })

  it('has host and GPU facts, findings, recommendation, monitor summary, versions and timestamps', () => {
    const md = renderReportMarkdown(h200Report('diagnose', { monitor: true }), 'en')
    expect(md).toContain('| Driver | 580.159.04 (CUDA 13.0) |')
    expect(md).toContain('| cuDNN | 9.19.0 |')
    expect(md).toContain('| 0 | NVIDIA H200 |')
    expect(md).toContain('<details><summary>All findings (3)</summary>')
    expect(md).toMatch(/pytorch\/pytorch:[\d.]+-cuda13\.0-cudnn9-runtime/)
    expect(md).toContain('4 samples from 2026-11-21 06:00:00 UTC to 2026-11-21 06:00:03 UTC')
    expect(md).toContain('| 0 | 0 / 45 / 90 |')
    expect(md).toMatch(/\| GPU Doctor \| dev \|/)
    expect(md).toMatch(/\| Data table pytorch-releases \| \d{4}-\d{2}-\d{2}\.\d+ \|/)
    expect(md).toContain('| Diagnosis started | 2026-11-21 05:50:26 UTC |')
  })

  it('escapes masks so GitHub does not swallow <host-1> as an HTML tag, and stays under the issue size limit', () => {
    const { report } = redactReport(h200Report('diagnose'))
    const md = renderReportMarkdown(report, 'en')
    expect(md).toContain('&lt;host-1&gt;')
    expect(md).not.toMatch(/[^`]<host-1>/)
    expect(md.length).toBeLessThan(65_536)
  })

  it('speaks Chinese with the shared step titles', () => {
    const md = renderReportMarkdown(h200Report('diagnose'), 'zh-CN')
    expect(md).toContain('## GPU Doctor 诊断报告')
    for (const id of ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'] as const) {
      expect(md).toContain(stepsZh[`step.${id}.title`])
      expect(md).not.toContain(stepsEn[`step.${id}.title`])
    }
    expect(md).toContain('| **警告** |')
    expect(md).toContain('**修复方法：**')
  })
})

describe('verdict marks', () => {
  it('are words in every report, Markdown and HTML, English and Chinese: no emoji font needed', () => {
    for (const name of ['diagnose', 'diagnose-disable-cudnn', 'diagnose-cvd-empty', 'diagnose-cudnn-shadow'] as const) {
      for (const lang of ['en', 'zh-CN'] as const) {
        const report = h200Report(name, { monitor: true })
        expect(renderReportMarkdown(report, lang), `${name} ${lang} md`).not.toMatch(EMOJI)
        expect(renderReportHtml(report, lang), `${name} ${lang} html`).not.toMatch(EMOJI)
      }
    }
    // In HTML (and so in the PDF) a verdict is a coloured badge of text.
    const html = renderReportHtml(h200Report('diagnose-cvd-empty'), 'zh-CN')
    expect(html).toContain('<span class="verdict fail">失败</span>')
    expect(html).toContain('<span class="verdict skip">跳过</span>')
    expect(html).toMatch(/<span class="sev error">错误<\/span>/)
  })

  it('the check finds emoji, not the ® and ™ of a real CPU model the report quotes', () => {
    const report = h200Report('diagnose')
    const quoted = { ...report, host: { ...report.host!, cpuModel: 'Intel® Xeon® Platinum 8480+ (Sapphire Rapids™)' } }
    for (const lang of ['en', 'zh-CN'] as const) {
      const md = renderReportMarkdown(quoted, lang)
      expect(md).toContain('Intel® Xeon® Platinum 8480+ (Sapphire Rapids™)')
      expect(md).not.toMatch(EMOJI)
      expect(renderReportHtml(quoted, lang)).not.toMatch(EMOJI)
    }
    for (const made of ['✅', '❌', '⚠️', '🔥']) expect(made).toMatch(EMOJI)
  })
})

describe('a Chinese report', () => {
  it('is Chinese throughout, even of a diagnosis saved before summaries had keys', () => {
    const md = renderReportMarkdown(h200Report('diagnose-disable-cudnn'), 'zh-CN')
    const summaries = h200Report('diagnose-disable-cudnn').diagnosis!.steps.map((s) => s.summary)
    for (const english of summaries) expect(md).not.toContain(english)
    // That run was made with --disable-cudnn: the reason given is the option, not the user's code.
    expect(md).toContain('| 2. cuDNN 已加载 | **失败** | cuDNN 未被使用：本次运行使用了“关闭 cuDNN 运行”')
    expect(md).toContain('| 运行选项 | GPU Doctor 关闭了 cuDNN（--disable-cudnn） |')
    expect(md).toContain('负载下 SM 100%（空闲 0%）')
    expect(md).toContain('软件功耗上限')
    expect(md).toContain('| 典型层 |')
    expect(md).toContain('预热后用 torch.cuda.Event 计时')
    expect(md).toContain('| 原生支持 |')
    expect(md).not.toMatch(/\(unset\)|\brepresentative\b|SW power cap|\| native \|/)
  })
})

describe('the recommendation in the report', () => {
  it('names the OS as the host facts do ("Ubuntu 24.04.1 LTS"), never a lower-case "linux" beside it (both languages)', () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const md = renderReportMarkdown(h200Report('diagnose'), lang)
      const intro = md.split('\n').find((l) => l.includes('PyTorch images for') || l.includes('的 PyTorch 镜像'))!
      expect(intro).toBeDefined()
      expect(intro).toContain('Ubuntu 24.04.1 LTS')
      expect(intro).not.toMatch(/\blinux\b/)
    }
  })
})
