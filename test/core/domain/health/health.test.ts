import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { readHealthFacts } from '../../../../src/core/domain/health/health-facts'
import { parseXids } from '../../../../src/core/domain/health/kernel-log'

const fixture = (p: string) => readFileSync(new URL(`../../../fixtures/${p}`, import.meta.url), 'utf8')
const H200_XML = fixture('h200-x1/smi/q.xml')
const H200_TEXT = fixture('h200-x1/smi/q.txt')
const H200X2_XML = fixture('h200-x2/smi/q.xml')
const H100X8_TEXT = fixture('public/C/q-h100-sxm-x8-565.57.01.txt')

const ids = async (smiText: string, kernelLogText?: string) => {
  const r = await checkHealth({ smiText, kernelLogText, platform: 'linux' })
  if (!r.ok) throw new Error(r.problem.detail)
  return r.health.findings.map((f) => `${f.id}:${f.severity}`)
}

describe('hardware health on real captures', () => {
  it('reads the same facts from an H200 -q text and -q -x XML', () => {
    const xml = readHealthFacts(H200_XML)!.gpus[0]!
    const text = readHealthFacts(H200_TEXT)!.gpus[0]!
    expect(xml).toMatchObject({
      name: 'NVIDIA H200',
      pcie: { genCurrent: 5, genMax: 5, widthCurrent: 16, widthMax: 16 },
      ecc: { enabled: true, volatileUncorrectable: 0, aggregateUncorrectable: 0 },
      remappedRows: { uncorrectable: 0, pending: false, failure: false },
      recoveryAction: 'None',
      persistenceMode: true,
      power: { limitW: 700, defaultLimitW: 700 },
      migEnabled: false,
      fabric: { state: null, status: null },
    })
    expect({ ...text, utilizationGpu: xml.utilizationGpu }).toEqual(xml)
  })

  it('finds nothing wrong on the healthy H200, 2×H200 and 8×H100 captures', async () => {
    expect(await ids(H200_XML)).toEqual([])
    expect(await ids(H200_TEXT)).toEqual([])
    expect(await ids(H200X2_XML)).toEqual([])
    const h100 = await ids(H100X8_TEXT)
    expect(h100.filter((f) => f.endsWith(':error'))).toEqual([])
  })

  it('a real H100 read idle and under a bf16 matmul load: Gen 5 x16 both times, nothing wrong', async () => {
    const load = readHealthFacts(fixture('h100-x1/smi/q-load.xml'))!.gpus[0]!
    expect(load).toMatchObject({ name: 'NVIDIA H100 80GB HBM3', utilizationGpu: 100, pcie: { genCurrent: 5, genMax: 5, widthCurrent: 16, widthMax: 16 } })
    expect(await ids(fixture('h100-x1/smi/q-load.xml'))).toEqual([])
    expect(await ids(fixture('h100-x1/smi/q-idle.xml'))).toEqual([])
  })

  it('on idle consumer and workstation GPUs a Gen 1 link is power saving (info), and MIG on an A100 is said', async () => {
    expect(await ids(fixture('public/C/xml-rtx-a5000-x2-590.44.01.xml'))).toEqual(['pcie-link-degraded:info', 'pcie-link-degraded:info'])
    expect((await ids(fixture('public/C/xml-a100-sxm4-40gb-mig-510.47.03.xml'))).sort()).toEqual(['mig-enabled:info', 'persistence-mode-off:warning'])
    expect(await ids(fixture('public/C/xml-gtx1660ti-418.43.xml'))).toEqual(['persistence-mode-off:warning', 'pcie-link-degraded:info'])
  })

  it('says a saved report has no kernel log instead of claiming no Xid', async () => {
    const r = await checkHealth({ smiText: H200_XML, platform: 'linux' })
    expect(r.ok && r.health.kernelLog).toEqual({ readable: false, reason: expect.stringContaining('--kernel-log') })
  })
})

describe('hardware health with faults planted in real captures', () => {
  const plant = (text: string, pairs: Array<[string | RegExp, string]>) => pairs.reduce((t, [a, b]) => t.replace(a, b), text)

  it('a PCIe link at Gen 3 under load is degraded; at idle a lower generation is only power saving, a narrower link never is', async () => {
    const loaded = plant(H200_XML, [
      ['<current_link_gen>5</current_link_gen>', '<current_link_gen>3</current_link_gen>'],
      [/<gpu_util>\d+ %<\/gpu_util>/, '<gpu_util>97 %</gpu_util>'],
    ])
    expect(await ids(loaded)).toEqual(['pcie-link-degraded:warning'])
    const idleGen = plant(H200_XML, [
      ['<current_link_gen>5</current_link_gen>', '<current_link_gen>1</current_link_gen>'],
      [/<gpu_util>\d+ %<\/gpu_util>/, '<gpu_util>0 %</gpu_util>'],
    ])
    expect(await ids(idleGen)).toEqual(['pcie-link-degraded:info'])
    const narrow = plant(H200_TEXT, [[/(Link Width\s*\n\s*Max\s*: 16x\s*\n\s*Current\s*:) 16x/, '$1 8x']])
    expect(await ids(narrow)).toEqual(['pcie-link-degraded:warning'])
  })

  it('uncorrectable ECC errors, a pending or failed row remap, or a recovery action are errors', async () => {
    const ecc = plant(H200_XML, [['<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>2</dram_uncorrectable>']])
    expect(await ids(ecc)).toEqual(['ecc-uncorrectable-or-row-remap:error'])
    const remap = plant(H200_TEXT, [[/(Remapped Rows[\s\S]*?Pending\s*:) No/, '$1 Yes']])
    const r = await checkHealth({ smiText: remap, platform: 'linux' })
    expect(r.ok && r.health.findings.map((f) => [f.id, f.evidence])).toEqual([['ecc-uncorrectable-or-row-remap', expect.stringContaining('row remap is pending')]])
    const failed = plant(H200_XML, [['<remapped_row_failure>No</remapped_row_failure>', '<remapped_row_failure>Yes</remapped_row_failure>']])
    expect(await ids(failed)).toEqual(['ecc-uncorrectable-or-row-remap:error'])
    const reset = plant(H200_XML, [['<gpu_recovery_action>None</gpu_recovery_action>', '<gpu_recovery_action>Reset</gpu_recovery_action>']])
    expect(await ids(reset)).toEqual(['gpu-recovery-action-pending:error'])
  })

  it('persistence off (Linux only), a lowered power limit, lowered application clocks and MIG are said', async () => {
    const settings = plant(H200_XML, [
      ['<persistence_mode>Enabled</persistence_mode>', '<persistence_mode>Disabled</persistence_mode>'],
      ['<current_power_limit>700.00 W</current_power_limit>', '<current_power_limit>450.00 W</current_power_limit>'],
      ['<applications_clocks>\n\t\t\t<graphics_clock>1980 MHz</graphics_clock>', '<applications_clocks>\n\t\t\t<graphics_clock>1410 MHz</graphics_clock>'],
      ['<current_mig>Disabled</current_mig>', '<current_mig>Enabled</current_mig>'],
    ])
    expect((await ids(settings)).sort()).toEqual(['application-clocks-locked:warning', 'mig-enabled:info', 'persistence-mode-off:warning', 'power-limit-below-default:warning'])
    const windows = await checkHealth({ smiText: settings, platform: 'win32' })
    expect(windows.ok && windows.health.findings.map((f) => f.id)).not.toContain('persistence-mode-off')
  })

  it('an NVSwitch fabric that is not Completed/Success means the fabric manager is not running', async () => {
    const fabric = plant(H200_XML, [['<fabric>\n\t\t\t<state>N/A</state>\n\t\t\t<status>N/A</status>', '<fabric>\n\t\t\t<state>In Progress</state>\n\t\t\t<status>N/A</status>']])
    expect(await ids(fabric)).toEqual(['fabric-manager-not-running:error'])
    const done = plant(H200_XML, [['<fabric>\n\t\t\t<state>N/A</state>\n\t\t\t<status>N/A</status>', '<fabric>\n\t\t\t<state>Completed</state>\n\t\t\t<status>Success</status>']])
    expect(await ids(done)).toEqual([])
  })

  it('reads Xid events from a kernel log: 79 fell off the bus, 119 is a GSP timeout, others are listed', async () => {
    const log = [
      '[Mon Nov 24 03:12:40 2026] NVRM: Xid (PCI:0000:18:00): 79, pid=\'<unknown>\', name=<unknown>, GPU has fallen off the bus.',
      '[Mon Nov 24 03:12:41 2026] NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.',
      '[Mon Nov 24 04:00:00 2026] NVRM: Xid (PCI:0000:3b:00): 119, pid=1234, name=python, Timeout after 6s of waiting for RPC response from GPU1 GSP!',
      '[Mon Nov 24 05:00:00 2026] NVRM: Xid (PCI:0000:3b:00): 13, pid=1234, name=python, Graphics SM Warp Exception',
    ].join('\n')
    expect(parseXids(log).map((x) => [x.busId, x.xid])).toEqual([
      ['0000:18:00', 79],
      ['0000:3b:00', 119],
      ['0000:3b:00', 13],
    ])
    expect((await ids(H200_XML, log)).sort()).toEqual(['gpu-fallen-off-bus:error', 'gsp-firmware-timeout:error', 'xid-reported:warning'])
  })

  it('refuses text that is not nvidia-smi -q', async () => {
    expect(readHealthFacts('hello world')).toBeNull()
    expect(await checkHealth({ smiText: '<html></html>' })).toMatchObject({ ok: false, problem: { code: 'garbage-output' } })
  })
})
