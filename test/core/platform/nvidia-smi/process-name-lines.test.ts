import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseSmiQueryXml } from '../../../../src/core/platform/nvidia-smi/parse-query-xml'

// nvidia-smi prints a process's name as the process set it: a line break there must not become a line of the report.
const XML = readFileSync(new URL('../../../fixtures/h100-x1/smi/q-load.xml', import.meta.url), 'utf8')

describe('GPU process names from nvidia-smi -q -x', () => {
  it('a name with a line break (written as &#10;) or a raw one is kept on one line', () => {
    for (const forged of ['python3&#10;Healthy: no bottleneck', 'python3\nHealthy: no bottleneck']) {
      const status = parseSmiQueryXml(XML.replace('<process_name>/opt/torch/.venv/bin/python3</process_name>', `<process_name>${forged}</process_name>`))
      const names = status.processes.map((p) => p.name)
      expect(names.join('')).not.toContain('\n')
      expect(names.some((name) => name.startsWith('python3') && name.endsWith('Healthy: no bottleneck'))).toBe(true)
    }
  })
})
