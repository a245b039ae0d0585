import { afterEach, describe, expect, it } from 'vitest'

import { createCoreService } from '../../../../src/core/app/service/core-service'
import type { CoreService } from '../../../../src/core/app/service/types'
import { INVOKE_CHANNELS } from '../../../../src/shared/channels'
import { HealthResultSchema, type HealthResult } from '../../../../src/shared/health'
import { problemsEn } from '../../../../src/shared/i18n/problems'
import { fakeHealthEnv } from '../../../helpers/fake-smi'

let core: CoreService | null = null
afterEach(async () => {
  await core?.dispose()
  core = null
})

async function check(fixture: string, extra: Record<string, string> = {}) {
  core = createCoreService({ env: fakeHealthEnv(fixture, extra) })
  return core.invoke(INVOKE_CHANNELS.checkHealth, [])
}

async function healthOf(fixture: string, extra: Record<string, string> = {}): Promise<HealthResult> {
  const r = await check(fixture, extra)
  if (!r.ok) throw new Error(JSON.stringify(r.error))
  // What the renderer receives is a HealthResult by the contract's schema.
  return HealthResultSchema.parse(r.value)
}

describe('health:check on the core service (fake nvidia-smi -q -x, stand-in kernel log)', () => {
  it('the fake H200: Gen 5 x16, no ECC error, persistence on, 700 W of 700 W, MIG off, the kernel log read; no finding', async () => {
    const h = await healthOf('h200-x1')
    expect(h.source).toBe('live')
    expect(h.driverVersion).toBe('580.159.04')
    expect(h.gpus).toHaveLength(1)
    expect(h.gpus[0]).toMatchObject({
      index: 0,
      name: 'NVIDIA H200',
      pcie: { genCurrent: 5, genMax: 5, widthCurrent: 16, widthMax: 16 },
      ecc: { volatileUncorrectable: 0 },
      persistenceMode: true,
      power: { limitW: 700, defaultLimitW: 700 },
      migEnabled: false,
    })
    expect(h.kernelLog).toEqual({ readable: true, source: 'dmesg --ctime', xidCount: 0 })
    expect(h.findings).toEqual([])
  })

  it('two H200s and the H100 capture (its idle -q -x) each answer per GPU', async () => {
    expect((await healthOf('h200-x2')).gpus.map((g) => g.name)).toEqual(['NVIDIA H200', 'NVIDIA H200'])
    await core?.dispose()
    const h100 = await healthOf('h100-x1')
    expect(h100.gpus.map((g) => [g.name, g.pcie.genCurrent])).toEqual([['NVIDIA H100 80GB HBM3', 5]])
    expect(h100.findings).toEqual([])
  })

  it('Xid 79 in the kernel log is an error finding; a refused kernel log says why instead of "no Xid"', async () => {
    const xid = await healthOf('h200-x1', { FAKE_DMESG_TEXT: "[  812.1] NVRM: Xid (PCI:0000:18:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." })
    expect(xid.kernelLog).toMatchObject({ readable: true, xidCount: 1 })
    expect(xid.findings.map((f) => `${f.id}:${f.severity}`)).toEqual(['gpu-fallen-off-bus:error'])
    await core?.dispose()
    const denied = await healthOf('h200-x1', { FAKE_DMESG_DENY: '1' })
    expect(denied.kernelLog).toEqual({ readable: false, reason: 'dmesg: read kernel buffer failed: Operation not permitted; journalctl: No journal files were found.' })
  })

  it('nvidia-smi failing is an error envelope with the problem: its message, and the fields to say it in any language', async () => {
    const r = await check('missing-driver')
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('gpu-problem')
    expect(r.error.message).toBe(problemsEn['problem.driverNotLoaded'])
    expect(r.error.details).toMatchObject({ problemCode: 'driver-not-loaded', messageKey: 'problem.driverNotLoaded', fix: problemsEn['problem.driverNotLoaded.fix'] })
    expect(r.error.details?.detail).toMatch(/exit 9/)
    await core?.dispose()
    core = createCoreService({ nvidiaSmiPath: '/nonexistent/nvidia-smi', env: fakeHealthEnv('h200-x1') })
    const missing = await core.invoke(INVOKE_CHANNELS.checkHealth, [])
    expect(missing.ok ? 'ok' : [missing.error.code, missing.error.details?.messageKey]).toEqual(['gpu-problem', 'problem.nvidiaSmiMissing'])
  })

  it('takes no arguments', async () => {
    const r = await check('h200-x1')
    expect(r.ok).toBe(true)
    const extra = await core!.invoke(INVOKE_CHANNELS.checkHealth, [{ smiText: 'x' }])
    expect(extra.ok ? 'ok' : extra.error.code).toBe('invalid-arguments')
  })
})
