import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import Ajv2020 from 'ajv/dist/2020'
import { describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { parseReportInput } from '../../../../src/core/domain/report/load-input'
import { redactReport } from '../../../../src/core/domain/report/rendering/redact'
import { renderReport } from '../../../../src/core/domain/report/rendering/render'
import { renderReportHtml } from '../../../../src/core/domain/report/rendering/render-html'
import { renderReportMarkdown } from '../../../../src/core/domain/report/rendering/render-markdown'
import type { HealthResult } from '../../../../src/shared/health'
import { findingsEn, findingsZh } from '../../../../src/shared/i18n/findings'
import type { Report } from '../../../../src/shared/report'
import { h200Report } from './fixtures'

const smi = (p: string) => readFileSync(fileURLToPath(new URL(`../../../fixtures/${p}`, import.meta.url)), 'utf8')
const H200_XML = smi('h200-x1/smi/q.xml')

/** The fake H200's health as the app reads it live: dmesg readable, no Xid. */
async function health(xml = H200_XML, kernelLogText?: string): Promise<HealthResult> {
  const r = await checkHealth({ smiText: xml, kernelLogText, platform: 'linux' })
  if (!r.ok) throw new Error(r.problem.detail)
  return kernelLogText === undefined ? { ...r.health, source: 'live', kernelLog: { readable: true, source: 'dmesg --ctime', xidCount: 0 } } : r.health
}

/** The H200 with 3 uncorrectable ECC errors and an Xid 79 in its kernel log. */
const faulty = () =>
  health(
    H200_XML.replace('<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>3</dram_uncorrectable>'),
    "[  812.1] NVRM: Xid (PCI:0000:00:06): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n",
  )

const withHealth = (h: HealthResult | null): Report => ({ ...h200Report('diagnose'), health: h })

describe('the report\'s "Hardware health" section', () => {
  it('Markdown, English: a folded section before the host facts, one row per GPU, the kernel log read', async () => {
    const md = renderReportMarkdown(withHealth(await health()), 'en')
    expect(md).toContain('<details><summary>Hardware health — No hardware problem on 1 GPU</summary>')
    expect(md).toContain('| GPU | Name | Bus ID | PCIe link (now/max) | Uncorrectable ECC (since boot / lifetime) | Remapped rows | Persistence | Power limit W / default | MIG |')
    expect(md).toContain('| 0 | NVIDIA H200 | 00000000:00:06.0 | Gen 5/5 x16/16 | 0 / 0 | 0 | yes | 700 / 700 | no |')
    expect(md).toContain('Kernel log read (dmesg --ctime): 0 Xid events.')
    expect(md.indexOf('Hardware health')).toBeLessThan(md.indexOf('<details><summary>Host and GPU</summary>'))
    expect(md.indexOf('| Step | Verdict | Summary |')).toBeLessThan(md.indexOf('Hardware health'))
  })

  it('Markdown, Chinese: the same section in Chinese', async () => {
    const md = renderReportMarkdown(withHealth(await health()), 'zh-CN')
    expect(md).toContain('<details><summary>硬件健康 — 1 块 GPU 均未发现硬件问题</summary>')
    expect(md).toContain('| GPU | 名称 | 总线 ID | PCIe 链路（当前/最大） |')
    expect(md).toContain('| 0 | NVIDIA H200 | 00000000:00:06.0 | Gen 5/5 x16/16 | 0 / 0 | 0 | 是 | 700 / 700 | 否 |')
    expect(md).toContain('已读取内核日志（dmesg --ctime）：0 个 Xid 事件。')
    expect(md).not.toContain('No hardware problem')
  })

  it('problems open the section, with each finding, its fix and what was seen, in both languages', async () => {
    const report = withHealth(await faulty())
    const en = renderReportMarkdown(report, 'en')
    expect(en).toContain('<details open><summary>Hardware health — 2 hardware problems on 1 GPU</summary>')
    expect(en).toContain('| 0 | NVIDIA H200 | 00000000:00:06.0 | Gen 5/5 x16/16 | 3 / 0 |')
    expect(en).toContain(`**${findingsEn['gpu-fallen-off-bus.title']}** (\`gpu-fallen-off-bus\`)`)
    expect(en).toContain(`**${findingsEn['ecc-uncorrectable-or-row-remap.title']}** (\`ecc-uncorrectable-or-row-remap\`)`)
    expect(en).toContain('3 uncorrectable ECC errors since the driver loaded')
    expect(en).toContain('Kernel log read (file): 1 Xid event.')
    const zh = renderReportMarkdown(report, 'zh-CN')
    expect(zh).toContain('<details open><summary>硬件健康 — 1 块 GPU 上发现 2 个硬件问题</summary>')
    expect(zh).toContain(`**${findingsZh['gpu-fallen-off-bus.title']}**`)
    expect(zh).toContain('**修复方法：**')
  })

  it('HTML (and so PDF), English and Chinese: a section of its own after the summary', async () => {
    const report = withHealth(await faulty())
    const en = renderReportHtml(report, 'en')
    expect(en).toContain('<h2 id="health">Hardware health</h2><p><strong>2 hardware problems on 1 GPU</strong></p>')
    expect(en).toContain('<td>Gen 5/5 x16/16</td><td>3 / 0</td>')
    expect(en).toContain('<div class="finding error">')
    expect(en).toContain(findingsEn['gpu-fallen-off-bus.title'])
    expect(en.indexOf('id="health"')).toBeLessThan(en.indexOf('<h2>Host and GPU</h2>'))
    const zh = renderReportHtml(withHealth(await health()), 'zh-CN')
    expect(zh).toContain('<h2 id="health">硬件健康</h2><p><strong>1 块 GPU 均未发现硬件问题</strong></p>')
    expect(zh).toContain('已读取内核日志（dmesg --ctime）：0 个 Xid 事件。')
  })

  it('JSON: the health result as it is, valid by the published schema', async () => {
    const h = await faulty()
    const json = JSON.parse(renderReport(withHealth(h), 'json', 'en')) as Report
    expect(json.health).toEqual(h)
    const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../../../resources/report.schema.json', import.meta.url)), 'utf8')) as Record<string, unknown>
    const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema)
    expect(validate(json), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
    expect(validate({ ...json, health: { ...h, kernelLog: { readable: false } } })).toBe(false)
  })

  it('redaction masks the host and the GPU UUID but keeps bus ids, GPU names and the kernel log as they are', async () => {
    const h = await faulty()
    const { report, masked } = redactReport(withHealth(h), { hostnames: ['gpu-node-17.cluster.example.com'] })
    expect(h.gpus[0]?.uuid).toBe('GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60')
    expect(report.health).toEqual({ ...h, gpus: h.gpus.map((g) => ({ ...g, uuid: 'GPU-<uuid-1>' })) })
    expect(masked.map((m) => m.kind)).toContain('host')
    expect(renderReportMarkdown(report, 'en')).toContain('| 0 | NVIDIA H200 | 00000000:00:06.0 |')
  })

  it('a report without health (nvidia-smi unreadable, or saved before health existed) has no section and still parses', () => {
    expect(renderReportMarkdown(withHealth(null), 'en')).not.toContain('Hardware health')
    expect(renderReportHtml(withHealth(null), 'en')).not.toContain('id="health"')
    const old = JSON.parse(renderReport(h200Report('diagnose'), 'json', 'en')) as Record<string, unknown>
    delete old.health
    const input = parseReportInput(JSON.stringify(old))
    expect(input.kind === 'report' && input.report.health).toBeUndefined()
    expect(input.kind === 'report' && renderReportMarkdown(input.report, 'zh-CN')).not.toContain('硬件健康')
  })
})
