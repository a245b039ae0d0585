import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { createHash } from 'node:crypto'

import { CONTENT_SECURITY_POLICY, REPORT_STYLE_HASH, SECURITY_HEADERS } from '../../../../src/core/platform/hosting'
import { htmlDocument } from '../../../../src/core/domain/report/rendering/html'

const directives = (policy: string) => policy.split(';').map((d) => d.trim()).filter((d) => d !== '')

describe('SECURITY_HEADERS', () => {
  it('is the strict set both hosts send', () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    })
    expect(SECURITY_HEADERS['Permissions-Policy']).toContain('camera=()')
    expect(SECURITY_HEADERS['Permissions-Policy']).not.toContain('clipboard-write')
    expect(Object.isFrozen(SECURITY_HEADERS)).toBe(true)
  })

  it("is the renderer's meta-tag CSP plus frame-ancestors", async () => {
    const html = await readFile(resolve(import.meta.dirname, '../../../../src/renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? ''
    expect(directives(CONTENT_SECURITY_POLICY)).toEqual([...directives(meta), "frame-ancestors 'none'"])
  })

  it("allows the report's stylesheet by its hash (the preview's srcdoc frame inherits the policy), and no other inline style or script", () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(htmlDocument('en', 'x', ''))?.[1] ?? ''
    expect(REPORT_STYLE_HASH).toBe(`'sha256-${createHash('sha256').update(style).digest('base64')}'`)
    const csp = directives(CONTENT_SECURITY_POLICY)
    expect(csp).toContain(`style-src 'self' ${REPORT_STYLE_HASH}`)
    expect(csp).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-hashes|unsafe-eval/)
  })
})
