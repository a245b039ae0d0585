import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

// Step 4's steadiness: the probe's throughput_halves, run for real on chunks a real H100 timed
// (test/fixtures/h100-x1/load-chunks.json: three 4 s loads from idle, clocks swinging under the power cap).
const PROBE = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname
const loads = (JSON.parse(readFileSync(new URL('../../../fixtures/h100-x1/load-chunks.json', import.meta.url), 'utf8')) as { loads: Array<Array<[number, number]>> }).loads
const FLOPS_PER_CHUNK = 2 * 8192 ** 3 * 20

/** What the probe reports for a load of `seconds`: the chunks that ended by then, as the loop stops there. */
function halves(chunks: Array<[number, number]>, seconds: number): { firstHalfTflops?: number; secondHalfTflops?: number; halvesPercent?: number } {
  const kept = chunks.filter(([at]) => at <= seconds)
  const ends = kept.map(([at]) => at)
  const times = kept.map(([, tflops]) => FLOPS_PER_CHUNK / (tflops * 1e12))
  const code = `import importlib.util as u, json\ns = u.spec_from_file_location("p", ${JSON.stringify(PROBE)})\np = u.module_from_spec(s)\ns.loader.exec_module(p)\nprint(json.dumps(p.throughput_halves(${JSON.stringify(ends)}, ${JSON.stringify(times)}, ${FLOPS_PER_CHUNK}, ${seconds})))`
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', code], { env: { PATH: process.env.PATH ?? '' }, timeout: 30_000, encoding: 'utf8' })) as ReturnType<typeof halves>
}

describe("step 4's steadiness on a real H100's chunks", () => {
  it('a 2 s load is steady (halves within 1.5 %) although its chunks scatter by 12–22 %', () => {
    for (const chunks of loads) {
      const h = halves(chunks, 2)
      expect(h.halvesPercent).toBeLessThan(1.5)
      const tflops = chunks.filter(([at]) => at <= 2).map(([, t]) => t)
      expect((Math.max(...tflops) - Math.min(...tflops)) / Math.min(...tflops)).toBeGreaterThan(0.12)
    }
  })

  it('a 1 s load is not: its first half is still the boost ramp, 6–10 % above the second', () => {
    for (const chunks of loads) {
      const h = halves(chunks, 1)
      expect(h.halvesPercent).toBeGreaterThan(5)
      expect(h.firstHalfTflops).toBeGreaterThan(h.secondHalfTflops!)
    }
  })

  it('says nothing when a half has fewer than two chunks', () => {
    expect(halves(loads[0]!, 0.05)).toEqual({})
  })
})
