import { spawn } from 'node:child_process'
import { accessSync, constants, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { produceOutputFile, verifyPdf } from '../../../platform/files/write-output'
import { dieWithParent } from '../../../platform/process/parent-death'

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']

/** Raised when no headless Chromium is installed; its message says what to install. */
export class NoChromiumError extends Error {
  /** Front ends say it in their language by this code (with the same fix). */
  readonly code = 'no-chromium'
  constructor() {
    super(
      'PDF needs a headless Chromium and none was found (looked for /usr/bin/chromium, then chromium, chromium-browser, google-chrome on PATH). ' +
        'Install one (Debian/Ubuntu: sudo apt install chromium; Fedora: sudo dnf install chromium; macOS: install Google Chrome) or set GPU_DOCTOR_CHROMIUM to its path; ' +
        'or write HTML with --format html and print it from a browser.',
    )
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** GPU_DOCTOR_CHROMIUM, then /usr/bin/chromium, then the usual names on PATH; null when none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GPU_DOCTOR_CHROMIUM) return executable(env.GPU_DOCTOR_CHROMIUM) ? env.GPU_DOCTOR_CHROMIUM : null
  if (executable('/usr/bin/chromium')) return '/usr/bin/chromium'
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of NAMES) {
      const path = join(dir, name)
      if (executable(path)) return path
    }
  }
  return null
}

export interface PdfOptions {
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
  signal?: AbortSignal
}

// Chromium cannot start its sandbox as root, nor in a container without user namespaces. Only then
// does it run without one: it is a separate process with a throw-away profile, loading one local,
// script-free file under a CSP that forbids every fetch. The Electron app never gets this flag.
const NO_SANDBOX = '--no-sandbox'
const SANDBOX_FAILED = /sandbox/i

function printOnce(chromium: string, args: string[], outFile: string, env: NodeJS.ProcessEnv, options: PdfOptions): Promise<{ ok: boolean; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    // Dies with GPU Doctor (parent-death.ts): a kill -9 mid-print leaves no headless Chromium behind.
    const run = dieWithParent(chromium, args, env)
    const child = spawn(run.command, run.args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...env } })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    const abort = () => child.kill('SIGKILL')
    options.signal?.addEventListener('abort', abort, { once: true })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', abort)
      let size = 0
      try {
        size = statSync(outFile).size
      } catch {
        // No file: not ok.
      }
      resolve({ ok: code === 0 && size > 0, stderr, code })
    })
  })
}

/**
 * Prints an HTML report to a PDF file with headless Chromium (the app uses printToPDF instead).
 * The HTML goes through a temporary file, and Chromium gets a throw-away profile. Chromium prints
 * to a temporary file beside `outFile`, which replaces it only once it is a PDF (its exit code and
 * a non-empty file are not proof: it has exited 0 having written nothing).
 */
export async function htmlToPdf(html: string, outFile: string, options: PdfOptions = {}): Promise<void> {
  const env = options.env ?? process.env
  const chromium = findChromium(env)
  if (!chromium) throw new NoChromiumError()
  await produceOutputFile(outFile, (file) => printWithChromium(chromium, html, file, env, options), verifyPdf)
}

async function printWithChromium(chromium: string, html: string, outFile: string, env: NodeJS.ProcessEnv, options: PdfOptions): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-pdf-'))
  try {
    const page = join(dir, 'report.html')
    writeFileSync(page, html)
    const args = (sandbox: boolean) => [
      '--headless',
      '--disable-gpu',
      ...(sandbox ? [] : [NO_SANDBOX]),
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      `--user-data-dir=${join(dir, 'profile')}`,
      `--print-to-pdf=${outFile}`,
      '--no-pdf-header-footer',
      pathToFileURL(page).href,
    ]
    const root = typeof process.getuid === 'function' && process.getuid() === 0
    let result = await printOnce(chromium, args(!root), outFile, env, options)
    if (!result.ok && !root && SANDBOX_FAILED.test(result.stderr) && !options.signal?.aborted) {
      result = await printOnce(chromium, args(false), outFile, env, options)
    }
    if (!result.ok) throw new Error(`${chromium} did not print the PDF (exit ${result.code}): ${result.stderr.trim().split('\n').pop() ?? ''}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
