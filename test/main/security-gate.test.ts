// Runs scripts/check-electron-security.mjs on copies of src/main, src/preload, the renderer page
// and the shared security headers: the real tree must pass, and each known regression must fail it.
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const repo = resolve(import.meta.dirname, '../..')
const gate = join(repo, 'scripts/check-electron-security.mjs')
const dirs: string[] = []

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

/** A copy of the parts the gate reads, with `edit(relativePath, text)` applied to each file. */
async function tree(edit: (file: string, text: string) => string = (_f, t) => t): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gpu-doctor-gate-'))
  dirs.push(dir)
  await cp(join(repo, 'src/main'), join(dir, 'main'), { recursive: true })
  await cp(join(repo, 'src/preload'), join(dir, 'preload'), { recursive: true })
  await cp(join(repo, 'src/renderer/index.html'), join(dir, 'renderer/index.html'))
  await cp(join(repo, 'src/core/platform/hosting/security-headers.ts'), join(dir, 'core/platform/hosting/security-headers.ts'))
  for (const file of ['main/window.ts', 'main/app-protocol.ts', 'main/ipc.ts', 'main/index.ts', 'preload/index.ts', 'renderer/index.html', 'core/platform/hosting/security-headers.ts']) {
    const path = join(dir, file)
    const text = await readFile(path, 'utf8')
    const edited = edit(file, text)
    if (edited !== text) await writeFile(path, edited)
  }
  return dir
}

async function gateOn(dir: string, ...flags: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [gate, '--src', dir, ...flags], { cwd: repo, timeout: 60_000 })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}

type Edit = (file: string, text: string) => string

function replaceIn(target: string, from: string | RegExp, to: string): Edit {
  return (file, text) => {
    if (file !== target) return text
    const next = text.replace(from, to)
    if (next === text) throw new Error(`mutation did not apply to ${file}: ${String(from)}`)
    return next
  }
}

const all =
  (...edits: Edit[]): Edit =>
  (file, text) =>
    edits.reduce((t, edit) => edit(file, t), text)

// Electronegativity takes seconds per run (it waits for a translation download to time out), so
// its regressions share one tree; our own checks run with --skip-electronegativity.
describe.concurrent('check-electron-security gate', { timeout: 90_000 }, () => {
  it('passes on the real sources', async () => {
    const result = await gateOn(await tree())
    expect(result.output).toContain('Electron security gate passed')
    expect(result.code).toBe(0)
  })

  it('fails on every regression Electronegativity knows', async () => {
    const broken = all(
      // Without any `sandbox` key: Electronegativity 1.10.3 reports nodeIntegration only then.
      replaceIn('main/window.ts', /\s*sandbox: true,/, ''),
      replaceIn('main/window.ts', 'contextIsolation: true', 'contextIsolation: false'),
      replaceIn('main/window.ts', 'nodeIntegration: false', 'nodeIntegration: true'),
      replaceIn('main/window.ts', 'spellcheck: false,', 'spellcheck: false, webSecurity: false, experimentalFeatures: true,'),
      replaceIn('main/window.ts', /\s*disableBlinkFeatures: 'Auxclick',/, ''),
      replaceIn('main/window.ts', /session\.setPermission(Request|Check)Handler\([^\n]*\n/g, '\n'),
      replaceIn('renderer/index.html', /<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''),
    )
    const result = await gateOn(await tree(broken))
    for (const id of [
      'SANDBOX_JS_CHECK',
      'CONTEXT_ISOLATION_JS_CHECK',
      'NODE_INTEGRATION_JS_CHECK',
      'WEB_SECURITY_JS_CHECK',
      'EXPERIMENTAL_FEATURES_JS_CHECK',
      'AUXCLICK_JS_CHECK',
      'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
      'CSP_GLOBAL_CHECK',
    ]) {
      expect(result.output).toContain(`electronegativity: ${id}`)
    }
    expect(result.code).toBe(1)
  })

  it('fails on a file Electronegativity cannot parse', async () => {
    const result = await gateOn(await tree(replaceIn('main/window.ts', 'export function createMainWindow(', 'export function createMainWindow((((')))
    expect(result.output).toContain('could not parse')
    expect(result.code).toBe(1)
  })

  it('passes its own checks on the real sources', async () => {
    const result = await gateOn(await tree(), '--skip-electronegativity')
    expect(result.output).not.toContain('electronegativity')
    expect(result.code).toBe(0)
  })

  it.each([
    ['sandbox off', replaceIn('main/window.ts', 'sandbox: true', 'sandbox: false'), 'without literal `sandbox: true`'],
    // With sandbox on, Electronegativity stays silent about nodeIntegration; we do not.
    ['node integration on', replaceIn('main/window.ts', 'nodeIntegration: false', 'nodeIntegration: true'), 'without literal `nodeIntegration: false`'],
    ['webview tag on', replaceIn('main/window.ts', 'spellcheck: false,', 'spellcheck: false, webviewTag: true,'), 'sets `webviewTag`'],
    ['no permission check handler', replaceIn('main/window.ts', /session\.setPermissionCheckHandler\([^\n]*\n/, '\n'), 'no setPermissionCheckHandler'],
    ['no frame navigation guard', replaceIn('main/window.ts', "'will-frame-navigate'", "'did-frame-navigate'"), "no 'will-frame-navigate' guard"],
    ['a navigation guard that never blocks', replaceIn('main/window.ts', /(will-navigate', \(event\) => \{\n\s*)if [^\n]*\n/, '$1\n'), "'will-navigate' handler never calls preventDefault()"],
    ['windows allowed', replaceIn('main/window.ts', "action: 'deny'", "action: 'allow'"), 'setWindowOpenHandler does not always deny'],
    ['unsafe-eval in the CSP', replaceIn('renderer/index.html', "script-src 'self'", "script-src 'self' 'unsafe-eval'"), 'CSP: script-src'],
    ['no shared headers on app://', replaceIn('main/app-protocol.ts', /\.\.\.SECURITY_HEADERS/g, "'X-Policy': 'none'"), 'no Content-Security-Policy header'],
    ['no CSP in the shared headers', replaceIn('core/platform/hosting/security-headers.ts', "'Content-Security-Policy':", "'X-Policy':"), 'SECURITY_HEADERS has no Content-Security-Policy'],
    ['a scheme that bypasses CSP', replaceIn('main/app-protocol.ts', 'standard: true,', 'standard: true, bypassCSP: true,'), 'bypassCSP'],
    ['IPC without sender check', replaceIn('main/ipc.ts', 'checkSender(', 'decide('), 'does not validate the sender'],
    ['a handler outside the wrapper', replaceIn('main/index.ts', 'openWindow()\n    })', "openWindow()\n      ipcMain.handle('x', () => 1)\n    })"), 'registered outside main/ipc.ts'],
    ['ipcRenderer exposed', replaceIn('preload/index.ts', "exposeInMainWorld('gpuDoctor', transport)", "exposeInMainWorld('gpuDoctor', { transport, ipcRenderer })"), 'preload exposes ipcRenderer'],
    ['unchecked openExternal', replaceIn('main/index.ts', 'createOpenExternal((url) => shell.openExternal(url))', 'shell.openExternal'), 'shell.openExternal outside'],
    ['a flag only in a comment', replaceIn('main/window.ts', 'sandbox: true,', '// sandbox: true,'), 'without literal `sandbox: true`'],
  ])('fails on %s', async (_name, edit, expected) => {
    const result = await gateOn(await tree(edit), '--skip-electronegativity')
    expect(result.output).toContain(expected)
    expect(result.code).toBe(1)
  })
})
