import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { readHealthFacts } from '../../../../src/core/domain/health/health-facts'
import { runBuiltCli } from '../../../helpers/cli'

const H200_XML = readFileSync(new URL('../../../fixtures/h200-x1/smi/q.xml', import.meta.url), 'utf8')
const plant = (pairs: Array<[string | RegExp, string]>) => pairs.reduce((t, [a, b]) => t.replace(a, b), H200_XML)

describe('health reads only numbers real hardware can show, and echoes long text cut (issue 26)', () => {
  it('PCIe Gen -1, utilisation -1 %, 2e+23 ECC errors, a x64 link: not available, never judged', async () => {
    const forged = plant([
      ['<current_link_gen>5</current_link_gen>', '<current_link_gen>-1</current_link_gen>'],
      [/<gpu_util>\d+ %<\/gpu_util>/, '<gpu_util>-1 %</gpu_util>'],
      ['<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>200000000000000000000000</dram_uncorrectable>'],
      ['<max_link_width>16x</max_link_width>', '<max_link_width>64x</max_link_width>'],
    ])
    const gpu = readHealthFacts(forged)!.gpus[0]!
    expect(gpu.pcie).toEqual({ genCurrent: null, genMax: 5, widthCurrent: 16, widthMax: null })
    expect(gpu.utilizationGpu).toBeNull()
    expect(gpu.ecc.volatileUncorrectable).toBe(0)
    const r = await checkHealth({ smiText: forged, platform: 'linux' })
    expect(r.ok && r.health.findings).toEqual([])
  })

  it('a 3 MB GPU name is cut to 200 characters in the facts, the table and every finding', async () => {
    const big = plant([
      ['<product_name>NVIDIA H200</product_name>', `<product_name>${'N'.repeat(3_000_000)}</product_name>`],
      ['<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>3</dram_uncorrectable>'],
    ])
    const r = await checkHealth({ smiText: big, platform: 'linux' })
    if (!r.ok) throw new Error(r.problem.detail)
    expect(r.health.gpus[0]!.name).toBe(`${'N'.repeat(200)}… (3000000 characters)`)
    expect(JSON.stringify(r.health).length).toBeLessThan(10_000)
  })

  it('images with a 10 KiB DOCKER_HOST echoes it cut to 200 characters', async () => {
    const host = `tcp://${'a'.repeat(10_240)}:2375`
    const r = await runBuiltCli(['images'], { ...process.env, DOCKER_HOST: host })
    expect(r.code).toBe(3)
    expect(r.stderr).toContain(`${host.slice(0, 200)}… (${host.length} characters)`)
    expect(r.stderr.length).toBeLessThan(2_000)
  })
})
