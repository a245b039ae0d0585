import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { findChromium, htmlToPdf, NoChromiumError } from '../../../../src/core/domain/report/rendering/pdf'
import { redactReport } from '../../../../src/core/domain/report/rendering/redact'
import { renderReportHtml } from '../../../../src/core/domain/report/rendering/render-html'
import { h200Report } from './fixtures'
import { decodePng, inkRatio } from './png'

// Kept after the run so that a person can look at the pages (test-results/ is not committed).
const PAGES = fileURLToPath(new URL('../../../../test-results/report-pdf/', import.meta.url))

describe('PDF report (headless Chromium)', () => {
  it('prints the HTML report to A4 pages that pdftoppm renders with content on every page', async () => {
    expect(findChromium(), 'a headless Chromium is needed: apt install chromium').not.toBeNull()
    const dir = mkdtempSync(join(tmpdir(), 'gd-pdf-'))
    const pdf = join(dir, 'report.pdf')
    const { report } = redactReport(h200Report('diagnose', { monitor: true }))
    await htmlToPdf(renderReportHtml(report, 'en'), pdf)
    expect(statSync(pdf).size).toBeGreaterThan(10_000)

    rmSync(PAGES, { recursive: true, force: true })
    mkdirSync(PAGES, { recursive: true })
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(PAGES, 'page')])
    const pages = readdirSync(PAGES).filter((f) => f.endsWith('.png')).sort()
    expect(pages.length).toBeGreaterThanOrEqual(3)
    for (const page of pages) {
      const png = decodePng(join(PAGES, page))
      expect(png.width / png.height).toBeCloseTo(210 / 297, 2)
      expect(inkRatio(png), `${page} is blank`).toBeGreaterThan(0.002)
    }
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('prints Chinese as well', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-pdf-'))
    const pdf = join(dir, 'report.pdf')
    await htmlToPdf(renderReportHtml(h200Report('diagnose-cudnn-shadow'), 'zh-CN'), pdf)
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', pdf, join(dir, 'zh')])
    const first = readdirSync(dir).find((f) => f.endsWith('.png'))!
    expect(inkRatio(decodePng(join(dir, first)))).toBeGreaterThan(0.01)
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('says what to install when there is no Chromium', async () => {
    const env = { PATH: '/nonexistent', GPU_DOCTOR_CHROMIUM: '/nonexistent/chromium' }
    expect(findChromium(env)).toBeNull()
    const error = await htmlToPdf('<p>x</p>', join(tmpdir(), 'never.pdf'), { env }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoChromiumError)
    expect((error as Error).message).toMatch(/apt install chromium/)
    expect((error as Error).message).toMatch(/GPU_DOCTOR_CHROMIUM/)
  })
})
