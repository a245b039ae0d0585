import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import type { MessageBoxOptions } from 'electron'
import { describe, expect, it } from 'vitest'

import { createConfirmInterpreter } from '../../src/main/confirm-interpreter'
import { createCoreService } from '../../src/core/app/service/core-service'
import { INVOKE_CHANNELS } from '../../src/shared/channels'
import { desktopEn, desktopZh, type DesktopKey } from '../../src/shared/i18n/desktop'
import { interpolate } from '../../src/shared/i18n/interpolate'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { TORCH_PYTHON } from '../helpers/pythons'
import { venvLayout } from '../helpers/venv-layout'

// The app's glue: the core asks main's native dialog before running a path typed in the page. The
// dialog is Electron's; what it is asked and what its answer does are tested here with the real core.
function planted(): { program: string; mark: string } {
  const at = mkdtempSync(join(tmpdir(), 'gd-typed-'))
  const program = join(at, 'python3')
  const mark = join(at, 'ran')
  writeFileSync(program, `#!/bin/sh\ntouch '${mark}'\nexit 1\n`)
  chmodSync(program, 0o755)
  return { program, mark }
}

function dialog(answer: 'run' | 'cancel', texts: Record<DesktopKey, string> = desktopEn) {
  const shown: MessageBoxOptions[] = []
  const confirm = createConfirmInterpreter({
    showMessageBox: async (options) => {
      shown.push(options)
      return { response: options.buttons!.indexOf(texts[answer === 'run' ? 'python.confirmRun' : 'python.confirmCancel']) }
    },
    t: (key, params) => interpolate(texts[key], params ?? {}),
  })
  return { shown, confirm }
}

describe('the app asks before it runs a Python typed in the page', () => {
  it('Cancel (the default) refuses it, nothing runs; "Run it" runs it, and is remembered for the session', async () => {
    const { program, mark } = planted()
    const no = dialog('cancel')
    const refusing = createCoreService({ env: fakeSmiEnv('h200-x1'), confirmInterpreter: no.confirm })
    const refused = await refusing.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python: program }], { id: 'window-1' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'interpreter-not-allowed', details: { howToAllow: 'confirm' } } })
    expect(existsSync(mark)).toBe(false)
    expect(no.shown).toHaveLength(1)
    expect(no.shown[0]).toMatchObject({ type: 'question', defaultId: 0, cancelId: 0, title: 'Run this program as Python?' })
    expect(no.shown[0]!.message).toContain(program)
    await refusing.dispose()

    const yes = dialog('run')
    const running = createCoreService({ env: fakeSmiEnv('h200-x1'), confirmInterpreter: yes.confirm })
    const ran = await running.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python: program }], { id: 'window-1' })
    expect(ran).toMatchObject({ ok: false, error: { code: 'bad-interpreter', details: { reason: 'does-not-run' } } })
    expect(existsSync(mark)).toBe(true)
    await running.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python: program }], { id: 'window-1' })
    expect(yes.shown).toHaveLength(1)
    await running.dispose()
  })

  it('asks about a venv whose bin/python links to a Python it found (another interpreter), and Cancel keeps its site-packages from loading', async () => {
    const venv = venvLayout()
    const no = dialog('cancel')
    const core = createCoreService({ env: { ...fakeSmiEnv('h200-x1'), PATH: dirname(TORCH_PYTHON) }, confirmInterpreter: no.confirm })
    const refused = await core.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python: venv.python }], { id: 'window-1' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'interpreter-not-allowed', details: { howToAllow: 'confirm' } } })
    expect(no.shown).toHaveLength(1)
    expect(existsSync(venv.mark)).toBe(false)
    await core.dispose()
  })

  it('asks in Chinese when the app speaks Chinese', async () => {
    const { program } = planted()
    const zh = dialog('cancel', desktopZh)
    await zh.confirm(program)
    expect(zh.shown[0]).toMatchObject({ title: '要把这个程序作为 Python 运行吗？', buttons: ['取消', '运行'] })
  })
})
