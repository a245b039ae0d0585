// `gpu-doctor serve --open` on a desktop: an app-style window where a Chromium-family browser is
// installed, else the default browser, else a line saying to open the URL by hand. Browsers here
// are stand-ins on PATH that record their arguments; the server and the spawn are real.
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { browserLaunch } from '../../src/cli/open-browser'
import { CLI } from '../helpers/cli'

const FAKE_SMI = join(import.meta.dirname, '..', 'fake-nvidia-smi', 'nvidia-smi')
const dirs: string[] = []

/** A folder for PATH holding executables that write their arguments to <name>.args. */
function fakeBrowsers(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-browsers-'))
  dirs.push(dir)
  for (const name of names) {
    const file = join(dir, name)
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' "$@" > "${file}.args"\n`)
    chmodSync(file, 0o755)
  }
  return dir
}

/** Runs serve --open until it has printed its URL and what it opened, then stops it. */
async function serveOpen(path: string, display: Record<string, string>): Promise<{ url: string; output: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--open'], {
    env: { PATH: path, HOME: tmpdir(), GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI, GPU_DOCTOR_LANG: 'en', ...display },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  try {
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`serve --open said nothing about a browser in 15 s: ${output}`)), 15_000)
      child.stdout.on('data', () => {
        if (/Opened|No desktop/.test(output)) {
          clearTimeout(timer)
          done()
        }
      })
    })
  } finally {
    child.kill('SIGTERM')
  }
  const url = /serving at (\S+)/.exec(output)?.[1] ?? ''
  return { url, output }
}

/** The arguments a stand-in recorded: its file is created empty, then written (on a loaded machine, read in between). */
async function recorded(file: string): Promise<string[]> {
  const written = () => existsSync(file) && readFileSync(file, 'utf8').endsWith('\n')
  for (let i = 0; i < 100 && !written(); i++) await new Promise((r) => setTimeout(r, 100))
  return readFileSync(file, 'utf8').trim().split('\n')
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Only `node` (the fake nvidia-smi is a Node script): /usr/bin would bring this machine's Chromium. */
function nodeOnly(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-node-'))
  dirs.push(dir)
  symlinkSync(process.execPath, join(dir, 'node'))
  return dir
}

describe.skipIf(process.platform !== 'linux')('gpu-doctor serve --open', () => {
  it('opens an app-style window (--app=URL, token included) in an installed Chromium', async () => {
    const browsers = fakeBrowsers(['chromium', 'xdg-open'])
    const { url, output } = await serveOpen(`${browsers}:${nodeOnly()}`, { DISPLAY: ':0' })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+$/)
    expect(await recorded(join(browsers, 'chromium.args'))).toEqual([`--app=${url}`])
    expect(existsSync(join(browsers, 'xdg-open.args'))).toBe(false)
    expect(output).toContain(`Opened in an app window (${join(browsers, 'chromium')} --app).`)
  })

  it('falls back to the default browser through xdg-open', async () => {
    const browsers = fakeBrowsers(['xdg-open'])
    const { url, output } = await serveOpen(`${browsers}:${nodeOnly()}`, { WAYLAND_DISPLAY: 'wayland-0' })
    expect(await recorded(join(browsers, 'xdg-open.args'))).toEqual([url])
    expect(output).toContain('Opened in your browser')
  })

  it('on a server without a display starts nothing and says to open the URL by hand', async () => {
    const browsers = fakeBrowsers(['chromium', 'xdg-open'])
    const { output } = await serveOpen(`${browsers}:${nodeOnly()}`, {})
    expect(output).toContain('No desktop to open a browser on here: open the URL above yourself.')
    await new Promise((r) => setTimeout(r, 300))
    expect(existsSync(join(browsers, 'chromium.args'))).toBe(false)
  })
})

describe('browser choice on Windows', () => {
  it('prefers Edge from its install folder with --app, else start', () => {
    const root = mkdtempSync(join(tmpdir(), 'gpu-doctor-pf-'))
    dirs.push(root)
    expect(browserLaunch('http://127.0.0.1:1/?token=a', { PATH: '' }, 'win32')).toEqual({ command: 'cmd', args: ['/c', 'start', '""', 'http://127.0.0.1:1/?token=a'], appWindow: false })
    const edge = join(root, 'Microsoft', 'Edge', 'Application')
    mkdirSync(edge, { recursive: true })
    writeFileSync(join(edge, 'msedge.exe'), '')
    expect(browserLaunch('http://127.0.0.1:1/?token=a', { PATH: '', 'ProgramFiles(x86)': root }, 'win32')).toEqual({
      command: join(edge, 'msedge.exe'),
      args: ['--app=http://127.0.0.1:1/?token=a'],
      appWindow: true,
    })
  })
})
