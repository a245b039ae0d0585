import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'

// A node's report is outside data: its GPU name and host name here carry an escape sequence, a bidi
// override and a line that passes for one of GPU Doctor's own. Slurm's commands are stand-ins on PATH.
const diagnosis = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/reports/diagnose.json', import.meta.url)), 'utf8')) as {
  environment: { gpus: Array<{ name: string }>; hostname?: string }
}
diagnosis.environment.gpus[0]!.name = 'NVIDIA H200\x1b[31m\u202eevil\n[ok] forged: runs here'

function fakeSlurm(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gd-fake-slurm-'))
  writeFileSync(join(dir, 'report.json'), JSON.stringify(diagnosis))
  const script = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`)
    chmodSync(join(dir, name), 0o755)
  }
  script('sinfo', "echo 'node-a|idle|none'")
  script('srun', `cat '${join(dir, 'report.json')}'`)
  script('scancel', 'exit 0')
  return dir
}

// eslint-disable-next-line no-control-regex -- an escape character is what must not be there
const controls = /[\x1b\u202e]/u
const forgedLine = /^\s*(?:[-*>|]\s*)?\[ok\] forged/m

describe('gpu-doctor fleet --slurm: a node fact cannot forge a line or carry escape sequences', () => {
  it.each(['md', 'html'])('--format %s -o FILE: no escape sequence, no bidi override, no line of its own', async (format) => {
    const dir = fakeSlurm()
    const out = join(dir, `fleet.${format}`)
    const r = await runBuiltCli(['fleet', '--slurm', '--format', format, '-o', out], { PATH: `${dir}:${process.env.PATH}` })
    expect(r.code, r.stderr).toBe(0)
    const text = readFileSync(out, 'utf8')
    expect(text).toContain('NVIDIA H200')
    expect(text).not.toMatch(controls)
    expect(text).not.toMatch(forgedLine)
  })

  it('the terminal table: the GPU name stays on its one line', async () => {
    const dir = fakeSlurm()
    const r = await runBuiltCli(['fleet', '--slurm'], { PATH: `${dir}:${process.env.PATH}` })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('NVIDIA H200')
    expect(r.stdout).not.toMatch(controls)
    expect(r.stdout).not.toMatch(forgedLine)
  })
})
