import { describe, expect, it } from 'vitest'

import type { Envelope } from '../../../../src/shared/contract'
import type { GpuHealthFacts, HealthResult } from '../../../../src/shared/health'
import { type Answer, deferred, fakeTransport, flush, ok } from '../../test-support/fake-transport'
import { createDiagnosisController } from '../../../../src/renderer/features/diagnosis/diagnosis-controller'
import { createDiagnosisStore } from '../../../../src/renderer/features/diagnosis/diagnosis-store'
import { gpuTones, healthProblems, healthVerdict } from '../../../../src/renderer/features/diagnosis/health'

const H200: GpuHealthFacts = {
  index: 0,
  name: 'NVIDIA H200',
  busId: '00000000:00:06.0',
  utilizationGpu: 0,
  pcie: { genCurrent: 5, genMax: 5, widthCurrent: 16, widthMax: 16 },
  ecc: { enabled: true, volatileUncorrectable: 0, aggregateUncorrectable: 0 },
  retiredPagesPending: null,
  remappedRows: { uncorrectable: 0, pending: false, failure: false },
  recoveryAction: 'None',
  persistenceMode: true,
  power: { limitW: 700, defaultLimitW: 700 },
  appClocks: { graphicsMHz: 1980, defaultGraphicsMHz: 1980, reasonActive: false },
  migEnabled: false,
  fabric: { state: null, status: null },
}

const HEALTHY: HealthResult = { source: 'live', driverVersion: '580.159.04', gpus: [H200], kernelLog: { readable: true, source: 'dmesg --ctime', xidCount: 0 }, findings: [] }
const finding = (id: string, severity: 'error' | 'warning' | 'info') => ({ id, severity, message: id, fix: 'fix', evidence: null, params: {} })

describe('hardware health, as the Diagnose page shows it', () => {
  it('PASS with no finding or only notes, WARN with a warning, FAIL with an error; notes are no problem', () => {
    expect(healthVerdict(HEALTHY)).toBe('pass')
    const notes = { ...HEALTHY, findings: [finding('mig-enabled', 'info')] }
    expect([healthVerdict(notes), healthProblems(notes)]).toEqual(['pass', 0])
    const warn = { ...HEALTHY, findings: [finding('persistence-mode-off', 'warning'), finding('mig-enabled', 'info')] }
    expect([healthVerdict(warn), healthProblems(warn)]).toEqual(['warn', 1])
    const fail = { ...HEALTHY, findings: [finding('persistence-mode-off', 'warning'), finding('gpu-fallen-off-bus', 'error')] }
    expect([healthVerdict(fail), healthProblems(fail)]).toEqual(['fail', 2])
  })

  it('marks each fact of a GPU line by the rules: a slow link only under load, a narrow one always', () => {
    expect(Object.values(gpuTones(H200)).every((t) => t === 'normal')).toBe(true)
    const idleGen1 = { ...H200, pcie: { ...H200.pcie, genCurrent: 1 } }
    expect(gpuTones(idleGen1).pcie).toBe('normal')
    expect(gpuTones({ ...idleGen1, utilizationGpu: 95 }).pcie).toBe('warn')
    expect(gpuTones({ ...H200, pcie: { ...H200.pcie, widthCurrent: 8 } }).pcie).toBe('warn')
    expect(gpuTones({ ...H200, ecc: { ...H200.ecc, aggregateUncorrectable: 2 } }).ecc).toBe('bad')
    expect(gpuTones({ ...H200, remappedRows: { ...H200.remappedRows, pending: true } }).remap).toBe('bad')
    expect(gpuTones({ ...H200, persistenceMode: false }).persistence).toBe('warn')
    expect(gpuTones({ ...H200, power: { limitW: 500, defaultLimitW: 700 } }).power).toBe('warn')
    expect(gpuTones({ ...H200, power: { limitW: 699.5, defaultLimitW: 700 } }).power).toBe('normal')
  })
})

describe('health in the diagnosis store and controller', () => {
  function setup(answer: Answer) {
    const f = fakeTransport({ 'health:check': answer })
    const store = createDiagnosisStore()
    const controller = createDiagnosisController(f.transport, store)
    return { ...f, store, controller }
  }

  it('checks once when the page opens, again only on "Check again"; the last result stays while it runs', async () => {
    const held = deferred<Envelope<HealthResult>>()
    let calls = 0
    const s = setup(() => (++calls === 1 ? ok(HEALTHY) : held.promise))
    expect(s.store.getState().health).toEqual({ value: null, error: null, loading: false })
    const first = s.controller.checkHealth()
    expect(s.store.getState().health.loading).toBe(true)
    await first
    await s.controller.checkHealth()
    expect(s.callsOf('health:check')).toHaveLength(1)
    expect(s.store.getState().health).toEqual({ value: HEALTHY, error: null, loading: false })

    const again = s.controller.checkHealth(true)
    // A second press while one runs joins it.
    void s.controller.checkHealth(true)
    expect(s.store.getState().health).toEqual({ value: HEALTHY, error: null, loading: true })
    const planted = { ...HEALTHY, findings: [finding('gpu-fallen-off-bus', 'error')] }
    held.resolve(ok(planted))
    await again
    expect(s.callsOf('health:check')).toHaveLength(2)
    expect(s.store.getState().health.value).toEqual(planted)
  })

  it('"Check under load" sends the chosen Python and says the load is running; without a chosen Python it sends nothing', async () => {
    const held = deferred<Envelope<HealthResult>>()
    const s = setup(() => held.promise)
    s.store.setState({ selected: '', otherPath: '' })
    await s.controller.checkHealth(true, true)
    expect(s.callsOf('health:check')).toHaveLength(0)
    s.store.setState({ selected: '/opt/venv/bin/python' })
    const run = s.controller.checkHealth(true, true)
    expect(s.store.getState().healthUnderLoad).toBe(true)
    expect(s.callsOf('health:check').map((c) => c.args)).toEqual([[{ underLoad: true, python: '/opt/venv/bin/python' }]])
    held.resolve(ok({ ...HEALTHY, load: { applied: true, python: '/opt/venv/bin/python', detail: 'bf16 matmul 8192×8192' } }))
    await run
    expect(s.store.getState().health.value?.load?.applied).toBe(true)
  })

  it('keeps the problem of a failed check (and no stale result), and checks again when asked', async () => {
    let answer: Envelope<HealthResult> = ok(HEALTHY)
    const s = setup(() => answer)
    await s.controller.checkHealth()
    answer = { ok: false, error: { code: 'gpu-problem', message: 'nvidia-smi was not found', details: { messageKey: 'problem.nvidiaSmiMissing' } } }
    await s.controller.checkHealth(true)
    expect(s.store.getState().health).toEqual({ value: null, error: { code: 'gpu-problem', message: 'nvidia-smi was not found', details: { messageKey: 'problem.nvidiaSmiMissing' } }, loading: false })
    await s.controller.checkHealth()
    expect(s.callsOf('health:check')).toHaveLength(2)
    answer = ok(HEALTHY)
    await s.controller.checkHealth(true)
    await flush()
    expect(s.store.getState().health.value).toEqual(HEALTHY)
  })
})
