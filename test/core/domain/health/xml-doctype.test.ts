import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { parseSmiQueryXml } from '../../../../src/core/platform/nvidia-smi/parse-query-xml'
import { runBuiltCli } from '../../../helpers/cli'

const H200_XML = readFileSync(new URL('../../../fixtures/h200-x1/smi/q.xml', import.meta.url), 'utf8')
/** The H200 capture with an internal DOCTYPE whose entity would become the GPU's name. */
const PLANTED =
  '<?xml version="1.0" ?>\n<!DOCTYPE nvidia_smi_log [ <!ENTITY planted "PLANTED-ENTITY-TEXT"> ]>\n' +
  H200_XML.slice(H200_XML.indexOf('<nvidia_smi_log>')).replace('<product_name>NVIDIA H200</product_name>', '<product_name>&planted;</product_name>')

describe('nvidia-smi XML with its own DOCTYPE or entities is refused by every reader (issue 26)', () => {
  it('health refuses it as status does, and no entity text becomes a field value', async () => {
    const health = await checkHealth({ smiText: PLANTED, platform: 'linux' })
    expect(health).toMatchObject({ ok: false, problem: { code: 'garbage-output', detail: expect.stringContaining('A DOCTYPE is not accepted') } })
    expect(parseSmiQueryXml(PLANTED).gpus).toEqual([])
    // nvidia-smi's own DOCTYPE is still read.
    expect((await checkHealth({ smiText: H200_XML, platform: 'linux' })).ok).toBe(true)
  })

  it('the CLI: health --from-smi and status --from-smi both exit 2 with the same reason', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gd-doctype-')), 'planted.xml')
    writeFileSync(file, PLANTED)
    for (const command of ['health', 'status']) {
      const r = await runBuiltCli([command, '--from-smi', file], {})
      expect([r.code, r.stdout], command).toEqual([2, ''])
      expect(r.stderr, command).toContain('A DOCTYPE is not accepted')
      expect(r.stderr, command).not.toContain('PLANTED-ENTITY-TEXT')
    }
  })
})
