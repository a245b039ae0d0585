import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { redactReport } from '../../../../src/core/domain/report/rendering/redact'
import { renderReportHtml } from '../../../../src/core/domain/report/rendering/render-html'
import { h200Report } from './fixtures'
import { findStep } from '../../../../src/shared/diagnosis'

const CHROMIUM = process.env.GPU_DOCTOR_CHROMIUM ?? '/usr/bin/chromium'
const TITLES = ['GPU visible to PyTorch', 'cuDNN loaded', 'Library linkage', 'SM utilisation under load', 'Conv2d timing, cuDNN on vs off']

describe('HTML report', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  })
  afterAll(async () => {
    await browser?.close()
  })

  async function open(html: string) {
    const file = join(mkdtempSync(join(tmpdir(), 'gd-html-')), 'report.html')
    writeFileSync(file, html)
    // CSP bypassed: a reference to anything outside the file would show up as a request here.
    const context = await browser.newContext({ bypassCSP: true })
    const requests: string[] = []
    context.on('request', (r) => requests.push(r.url()))
    await context.route('**/*', (route) => (route.request().url() === pathToFileURL(file).href ? route.continue() : route.abort()))
    const page = await context.newPage()
    await page.goto(pathToFileURL(file).href, { waitUntil: 'networkidle' })
    return { page, requests, url: pathToFileURL(file).href, context }
  }

  it('loads in Chromium with no request but the file itself, and shows the five steps', async () => {
    const { report } = redactReport(h200Report('diagnose', { monitor: true }))
    const { page, requests, url, context } = await open(renderReportHtml(report, 'en'))
    expect(requests).toEqual([url])
    for (const [i, title] of TITLES.entries()) {
      await expect(page.getByRole('heading', { name: `${i + 1}. ${title}` }).isVisible()).resolves.toBe(true)
    }
    const verdicts = await page.locator('section.step .verdict').allTextContents()
    expect(verdicts).toEqual(['PASS', 'PASS', 'PASS', 'WARN', 'PASS'])
    await context.close()
  })

  it('draws the SM% timeline and the conv on/off bars as inline SVG', async () => {
    const { page, context } = await open(renderReportHtml(h200Report('diagnose'), 'en'))
    const sm = page.locator('#step-sm-utilisation svg')
    await expect(sm.locator('polyline').count()).resolves.toBeGreaterThan(0)
    // One point per sample of the timeline; the gap around the load start splits the line.
    const lines = await sm.locator('polyline').evaluateAll((els) => els.map((e) => e.getAttribute('points')!.trim().split(' ').length))
    const timeline = findStep(h200Report('diagnose').diagnosis!.steps, 'sm-utilisation')!.evidence.timeline!
    expect(lines.reduce((a, b) => a + b, 0)).toBe(timeline.length)
    expect(lines.length).toBe(2)
    const conv = page.locator('#step-conv-timing svg')
    await expect(conv.locator('rect').count()).resolves.toBe(4)
    await expect(conv.textContent()).resolves.toMatch(/5\.9×/)
    const box = await sm.boundingBox()
    expect(box!.width).toBeGreaterThan(300)
    await context.close()
  })

  it('is one self-contained file: inline CSS, no link, script, remote font or image, a CSP that forbids fetches', () => {
    const html = renderReportHtml(h200Report('diagnose-cudnn-shadow'), 'zh-CN')
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<style>')
    expect(html).toContain('@media print')
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`)
    expect(html).not.toMatch(/<link|<script|<img|<iframe|@import|url\(|\ssrc=/i)
    expect(html).not.toMatch(/href="(?!#)/)
    expect(html).toContain('PyTorch 能看到 GPU')
  })
})
