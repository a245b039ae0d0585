import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { HealthResultSchema, type HealthResult } from '../../../../src/shared/health'

const fixture = (p: string) => readFileSync(new URL(`../../../fixtures/${p}`, import.meta.url), 'utf8')

async function health(file: string, kernelLogText?: string): Promise<HealthResult> {
  const r = await checkHealth({ smiText: fixture(file), kernelLogText, platform: 'linux' })
  if (!r.ok) throw new Error(r.problem.detail)
  return r.health
}

/** Through JSON and the schema, as health:check and a saved report carry it. */
const roundTrip = (h: HealthResult) => HealthResultSchema.parse(JSON.parse(JSON.stringify(h)))

describe('HealthResultSchema: the one definition of a health result', () => {
  it.each(['h200-x1/smi/q.xml', 'h200-x1/smi/q.txt', 'h200-x2/smi/q.xml', 'h100-x1/smi/q-idle.xml', 'h100-x1/smi/q-load.xml', 'public/C/xml-a100-sxm4-40gb-mig-510.47.03.xml'])(
    'round-trips what checkHealth reads from %s, unchanged',
    async (file) => {
      const h = await health(file)
      expect(roundTrip(h)).toEqual(h)
      expect(h.kernelLog).toMatchObject({ readable: false })
    },
  )

  it('round-trips planted faults with a kernel log: findings with params and evidence, the log readable', async () => {
    const xml = fixture('h200-x1/smi/q.xml').replace('<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>3</dram_uncorrectable>')
    const r = await checkHealth({ smiText: xml, kernelLogText: 'NVRM: Xid (PCI:0000:18:00): 79, pid=1, GPU has fallen off the bus.\n', platform: 'linux' })
    if (!r.ok) throw new Error(r.problem.detail)
    expect(r.health.kernelLog).toEqual({ readable: true, source: 'file', xidCount: 1 })
    expect(r.health.findings.map((f) => f.id).sort()).toEqual(['ecc-uncorrectable-or-row-remap', 'gpu-fallen-off-bus'])
    expect(roundTrip(r.health)).toEqual(r.health)
  })

  it('refuses a result that is not one: a kernel log without its reason, a GPU without its link', async () => {
    const h = await health('h200-x1/smi/q.xml')
    expect(HealthResultSchema.safeParse({ ...h, kernelLog: { readable: false } }).success).toBe(false)
    expect(HealthResultSchema.safeParse({ ...h, kernelLog: { readable: true, reason: 'x' } }).success).toBe(false)
    const { pcie: _pcie, ...noLink } = h.gpus[0]!
    expect(HealthResultSchema.safeParse({ ...h, gpus: [noLink] }).success).toBe(false)
    expect(HealthResultSchema.safeParse({ ...h, source: 'guess' }).success).toBe(false)
  })
})
