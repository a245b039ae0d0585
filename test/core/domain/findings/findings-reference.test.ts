import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { catalogIds } from '../../../../src/core/domain/findings/finding-catalog'
import { renderFindingsReference } from '../../../../src/core/domain/findings/findings-reference'

describe('docs/findings.md', () => {
  it('is what the catalog renders today (rerun node scripts/build-findings-doc.mjs after changing a finding)', () => {
    expect(readFileSync('docs/findings.md', 'utf8')).toBe(renderFindingsReference())
  })

  it('lists every finding id once, with its fix in both languages and no raw {{param}}', () => {
    const doc = renderFindingsReference()
    for (const id of catalogIds()) expect(doc.split(`### \`${id}\`\n`)).toHaveLength(2)
    expect(doc).not.toMatch(/\{\{/)
    expect(doc.match(/^- Fix: \S/gm)).toHaveLength(catalogIds().length)
    expect(doc.match(/^- 修复：\S/gm)).toHaveLength(catalogIds().length)
  })
})
