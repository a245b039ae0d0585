import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { mdInline, mdText } from '../../../../src/core/domain/report/rendering/markdown'
import { renderReportMarkdown } from '../../../../src/core/domain/report/rendering/render-markdown'
import { STEP_IDS } from '../../../../src/shared/constants'
import type { Report } from '../../../../src/shared/report'
import { blockShape, markdownNodes } from '../../../helpers/markdown-tree'
import { h200Report } from './fixtures'

/** Text an attacker (or an unlucky machine) can put in a GPU name, a message, a path or an image name. */
const HOSTILE = [
  '# heading\n# another heading',
  'ok\n\n## after a blank line',
  '[click](javascript:alert(1))',
  '![img](https://evil.example/x.png)',
  '``[late](javascript:alert(2))`',
  '<img src=x onerror=alert(3)>',
  '</summary></details><h1>out</h1>',
  '<https://evil.example>',
  '- item\n+ item\n* item\n1. one\n2) two',
  '> quote\n>> nested',
  '| a | b |\n|---|---|\n| c | d |',
  '```\nfenced\n```',
  '~~~\nfenced',
  'title\n===\nsub\n---',
  '***\n___',
  '    indented code\n\n        more',
  '[ref]\n\n[ref]: javascript:alert(4)',
  'line\u2028# unicode line separator\r# carriage return',
  '&lt;b&gt; &#60;i&#62; *em* _em_ **strong** ~~del~~ \\',
  '<!-- comment -->',
]

const ENUM_KEYS = new Set(['kind', 'status', 'severity', 'source', 'format', 'diagnosisSource', 'step', 'origin', 'via', 'variant', 'compatibility', 'code', 'mark', 'confidence', 'highestCudaSource', 'generatedAt', 'startedAt', 'finishedAt'])

/** The report with every free-text string (and every finding id) replaced by `text`. */
function plant(report: Report, text: string): Report {
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') {
      if (ENUM_KEYS.has(key) || (key === 'id' && (STEP_IDS as readonly string[]).includes(value))) return value
      return text
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, key))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]))
    return value
  }
  return walk(report, '') as Report
}

function assertNoContentMarkup(md: string): void {
  const nodes = markdownNodes(md)
  expect(nodes.filter((n) => n.type === 'heading_open')).toHaveLength(1) // the report's own title
  expect(nodes.filter((n) => ['link_open', 'image', 'blockquote_open', 'ordered_list_open', 'hr', 'code_block', 'lheading'].includes(n.type))).toEqual([])
  expect(nodes.filter((n) => n.type === 'html_inline' && n.content !== '<br>')).toEqual([])
  for (const block of nodes.filter((n) => n.type === 'html_block')) expect(block.content).toMatch(/^(<details( open)?><summary>[^<]*<\/summary>|<\/details>)\n?$/)
}

describe('Markdown reports cannot be steered by their content', () => {
  const base = h200Report('diagnose-disable-cudnn', { monitor: true })
  const benign = renderReportMarkdown(plant(base, 'plain words'), 'en')

  it.each(HOSTILE)('%j in every GPU name, message, fix, path, image name and finding id: no heading, link or HTML, same block structure', (text) => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const md = renderReportMarkdown(plant(base, text), lang)
      assertNoContentMarkup(md)
      if (lang === 'en') expect(blockShape(md)).toEqual(blockShape(benign))
    }
  })

  it('keeps continuation lines inside their list item and shows an unknown finding id only as escaped text', () => {
    const report = h200Report('diagnose-disable-cudnn')
    const finding = report.findings[0]!
    report.findings[0] = { ...finding, id: 'x`](javascript:alert(1))', message: 'first line\n# second line', fix: 'run this\n- not a list' }
    const md = renderReportMarkdown(report, 'en')
    expect(md).toContain('first line<br>\n  \\# second line')
    expect(md).toContain('run this<br>\n  \\- not a list')
    expect(md).toContain('Finding unknown to this version (unknown id: x\\`\\](javascript:alert(1))')
    expect(md).not.toContain('(`x`')
    assertNoContentMarkup(md)
  })

  it('any text through mdText is one paragraph of text and code spans (fast-check, 2,000 strings)', () => {
    const pieces = fc.constantFrom('#', '[', ']', '(', ')', '`', '``', '*', '_', '<', '>', '&', '\\', '-', '+', '1.', '|', '=', '~', '!', ' ', '    ', '\n', '\r\n', '\u2028', 'a', 'javascript:', 'http://x.example', '<br>', 'ä')
    const hostile = fc.oneof(fc.string(), fc.array(pieces, { maxLength: 40 }).map((p) => p.join('')))
    fc.assert(
      fc.property(hostile, (text) => {
        // A bold wrapper around nothing is a thematic break of our making, not of the content's.
        const wrapped = text.trim() ? [`**${mdInline(text)}**`] : []
        for (const md of [mdText(text), `- ${mdText(text, '  ')}`, ...wrapped]) {
          const blocks = markdownNodes(md).filter((n) => !n.inline && n.type !== 'inline').map((n) => n.type)
          const allowed = md.startsWith('- ') ? ['bullet_list_open', 'list_item_open', 'paragraph_open', 'paragraph_close', 'list_item_close', 'bullet_list_close'] : ['paragraph_open', 'paragraph_close']
          if (blocks.some((b) => !allowed.includes(b))) return false
          if (md.startsWith('- ') && blocks.filter((b) => b === 'list_item_open').length !== 1) return false
          const inline = markdownNodes(md).filter((n) => n.inline)
          if (inline.some((n) => !['text', 'code_inline', 'softbreak', 'strong_open', 'strong_close'].includes(n.type) && !(n.type === 'html_inline' && n.content === '<br>'))) return false
        }
        return true
      }),
      { numRuns: 2000 },
    )
  })
})
