import { afterEach, describe, expect, it } from 'vitest'

import { createCoreService } from '../../../src/core/app/service/core-service'
import type { CoreService } from '../../../src/core/app/service/types'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../src/shared/channels'
import type { EventPayload } from '../../../src/shared/contract'
import { fakeSmiEnv, isAlive } from '../../helpers/fake-smi'
import { pythonWithoutTorch } from '../../helpers/pythons'

let core: CoreService | null = null
afterEach(async () => {
  await core?.dispose()
  core = null
})

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('core service: the one contract behind Electron and serve', () => {
  it('answers a valid request with an ok envelope', async () => {
    core = createCoreService({ env: fakeSmiEnv('h200-x1') })
    const r = await core.invoke(INVOKE_CHANNELS.getGpuState, [])
    expect(r.ok && (r.value as { kind: string }).kind).toBe('ok')
  })

  it('rejects invalid arguments with a message naming the field, without running anything', async () => {
    core = createCoreService({ env: fakeSmiEnv('h200-x1') })
    const r = await core.invoke(INVOKE_CHANNELS.startMonitor, [{ intervalMs: 5 }])
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('invalid-arguments')
    expect(r.error.message).toMatch(/intervalMs/)
    const extra = await core.invoke(INVOKE_CHANNELS.getGpuState, ['surprise'])
    expect(extra.ok).toBe(false)
  })

  it('refuses an unknown channel', async () => {
    core = createCoreService({ env: fakeSmiEnv('h200-x1') })
    const r = await core.invoke('shell:exec' as never, ['rm -rf /'])
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
  })

  it('streams samples to subscribers and stops nvidia-smi when the last one leaves', async () => {
    core = createCoreService({ env: fakeSmiEnv('h200-x1') })
    const samples: Array<EventPayload<typeof EVENT_CHANNELS.monitorSample>> = []
    const states: Array<EventPayload<typeof EVENT_CHANNELS.monitorState>> = []
    const off = core.on(EVENT_CHANNELS.monitorSample, (s) => samples.push(s))
    core.on(EVENT_CHANNELS.monitorState, (s) => states.push(s))
    const started = await core.invoke(INVOKE_CHANNELS.startMonitor, [{ intervalMs: 100 }])
    expect(started.ok && (started.value as { kind: string }).kind).toBe('running')
    await until(() => samples.length >= 3)
    const running = states.find((s) => s.kind === 'running' && s.pid !== null)
    const pid = running?.kind === 'running' ? running.pid! : 0
    expect(isAlive(pid)).toBe(true)
    off()
    await until(() => states.at(-1)?.kind === 'stopped')
    expect(isAlive(pid)).toBe(false)
  })

  it('runs a diagnosis as a request id with progress and a done event, and can cancel one', async () => {
    const python = pythonWithoutTorch()
    core = createCoreService({ env: fakeSmiEnv('h200-x1'), allowedInterpreters: [python] })
    const done: Array<EventPayload<typeof EVENT_CHANNELS.diagnosisDone>> = []
    const progress: string[] = []
    core.on(EVENT_CHANNELS.diagnosisDone, (d) => done.push(d))
    core.on(EVENT_CHANNELS.diagnosisProgress, (p) => progress.push(p.stage))
    const r = await core.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python, steps: ['gpu-visible'] }])
    expect(r.ok).toBe(true)
    const runId = r.ok ? (r.value as { runId: string }).runId : ''
    await until(() => done.length === 1)
    expect(done[0]).toMatchObject({ kind: 'done', runId })
    expect(done[0]!.kind === 'done' && done[0]!.diagnosis.steps[0]!.findings[0]!.id).toBe('torch-not-installed')
    expect(progress).toContain('nvidia-smi')
    const unknown = await core.invoke(INVOKE_CHANNELS.cancelDiagnosis, ['run-that-never-was'])
    expect(unknown.ok && unknown.value).toEqual({ cancelled: false })
  })
})

describe('a Python that is not there', () => {
  it('is refused by diagnosis:start with a code and the values to say why, and no run starts', async () => {
    core = createCoreService({ env: fakeSmiEnv('h200-x1') })
    const done: unknown[] = []
    core.on(EVENT_CHANNELS.diagnosisDone, (d) => done.push(d))
    const r = await core.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python: '/nonexistent/bin/python3' }])
    expect(r).toEqual({
      ok: false,
      error: { code: 'bad-interpreter', message: expect.stringContaining('no such file'), details: { python: '/nonexistent/bin/python3', reason: 'missing', detail: '' } },
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(done).toEqual([])
  })
})

describe('cancelling a comparison through the core', () => {
  it('says which side runs, and docker:compare-cancel stops it with a "cancelled" error and no probe left', async () => {
    const { resolve } = await import('node:path')
    const slow = resolve(import.meta.dirname, '../../../e2e/helpers/slow-python')
    core = createCoreService({ env: { ...fakeSmiEnv('h200-x1'), SLOW_PYTHON_SECONDS: '30' }, allowedInterpreters: [slow] })
    const sides: string[] = []
    core.on(EVENT_CHANNELS.dockerCompareProgress, (p) => sides.push(`${p.side}:${p.target}`))
    const started = Date.now()
    const compare = core.invoke(INVOKE_CHANNELS.dockerCompare, [{ a: 'host', b: 'host', python: slow }])
    await until(() => sides.length === 1)
    expect(sides).toEqual(['a:host'])
    const cancel = await core.invoke(INVOKE_CHANNELS.dockerCancelCompare, [])
    expect(cancel).toEqual({ ok: true, value: { cancelled: 1 } })
    const r = await compare
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    expect(Date.now() - started).toBeLessThan(15_000)
  })
})

describe('cancelling a diagnosis through the core', () => {
  it('ends the run with a "cancelled" failure instead of verdicts about the cancel', async () => {
    const { TORCH_PYTHON } = await import('../../helpers/pythons')
    const svc = createCoreService({ env: fakeSmiEnv('h200-x1') })
    const done: Array<EventPayload<typeof EVENT_CHANNELS.diagnosisDone>> = []
    svc.on(EVENT_CHANNELS.diagnosisDone, (d) => done.push(d))
    let runId = ''
    svc.on(EVENT_CHANNELS.diagnosisProgress, (p) => {
      if (p.stage === 'import-torch') void svc.invoke(INVOKE_CHANNELS.cancelDiagnosis, [runId])
    })
    const r = await svc.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python: TORCH_PYTHON }])
    runId = r.ok ? (r.value as { runId: string }).runId : ''
    await until(() => done.length === 1)
    expect(done[0]).toEqual({ kind: 'failed', runId, message: 'cancelled' })
    await svc.dispose()
  })
})
