// `npm run dist:cli`'s output: the CLI as one executable with Node inside, the `gpu-doctor` an
// installed app puts on PATH. Built here for this machine's platform, then run like a user would.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const projectDir = resolve(import.meta.dirname, '..', '..')
const OS = { linux: 'linux', win32: 'win', darwin: 'mac' }[process.platform as string]
const exe = join(projectDir, 'dist', 'cli', `${OS}-${process.arch}`, process.platform === 'win32' ? 'gpu-doctor.exe' : 'gpu-doctor')
const fixture = join(projectDir, 'test', 'fixtures', 'h200-x1', 'smi', 'default.txt')
const env = { PATH: '/usr/bin:/bin', HOME: tmpdir(), LANG: 'C.UTF-8' }
// An empty PATH: no Node to fall back on.
const emptyPath = mkdtempSync(join(tmpdir(), 'gpu-doctor-no-node-'))
const noNode = { ...env, PATH: emptyPath }
let installed = ''

beforeAll(() => {
  const bundle = join(projectDir, 'out', 'cli', 'gpu-doctor.cjs')
  if (!existsSync(bundle)) execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: projectDir, timeout: 120_000 })
  const ui = join(projectDir, 'dist', 'cli', 'renderer', 'index.html')
  if (!existsSync(exe) || !existsSync(ui) || statSync(exe).mtimeMs < statSync(bundle).mtimeMs) {
    execFileSync(process.execPath, ['scripts/build-cli-sea.mjs'], { cwd: projectDir, stdio: 'ignore', timeout: 120_000 })
  }
  // The installed layout: resources/cli/gpu-doctor beside resources/renderer and resources/probe.
  installed = mkdtempSync(join(tmpdir(), 'gpu-doctor-installed-'))
  mkdirSync(join(installed, 'resources', 'cli'), { recursive: true })
  cpSync(exe, join(installed, 'resources', 'cli', 'gpu-doctor'))
  cpSync(join(projectDir, 'dist', 'cli', 'renderer'), join(installed, 'resources', 'renderer'), { recursive: true })
}, 180_000)

afterAll(() => {
  if (installed) rmSync(installed, { recursive: true, force: true })
  rmSync(emptyPath, { recursive: true, force: true })
})

describe.skipIf(process.platform === 'win32')('the CLI executable', () => {
  it('prints its version without Node on PATH and without any warning', () => {
    const result = spawnSync(exe, ['--version'], { env: noNode, encoding: 'utf8', timeout: 20_000 })
    expect(result.stderr).toBe('')
    expect(result.stdout.trim()).toMatch(/^gpu-doctor \d+\.\d+\.\d+$/)
    expect(result.status).toBe(0)
  })

  it('reads a saved nvidia-smi table: status --from-smi', () => {
    const result = spawnSync(exe, ['status', '--from-smi', fixture], { env: noNode, encoding: 'utf8', timeout: 20_000 })
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('Driver: 580.159.04')
    expect(result.stdout).toContain('NVIDIA H200')
    expect(result.status).toBe(0)
  })

  it('serves the UI from the installed resources/renderer', async () => {
    // The fake nvidia-smi is a Node script, so this one keeps Node on PATH.
    const child = (await import('node:child_process')).spawn(join(installed, 'resources', 'cli', 'gpu-doctor'), ['serve', '--port', '0'], {
      env: { ...env, GPU_DOCTOR_NVIDIA_SMI: join(projectDir, 'test', 'fake-nvidia-smi', 'nvidia-smi') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((done, fail) => {
        let out = ''
        const timer = setTimeout(() => fail(new Error(`serve printed no URL in 15 s: ${out}`)), 15_000)
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=\w+/.exec(out)
          if (match) {
            clearTimeout(timer)
            done(match[0])
          }
        })
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
      })
      const page = await fetch(url, { signal: AbortSignal.timeout(10_000) })
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root">')
    } finally {
      child.kill('SIGTERM')
    }
  })
})
