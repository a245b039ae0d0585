import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { diagnosisOf, parseReportInput } from '../../src/core/domain/report/load-input'
import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'

// One private value of each kind, planted after every free-text string of a real H200 diagnosis.
const SECRETS = {
  host: 'qhx-gpu-node-17',
  user: 'quxalice',
  home: '/srv/qdxhome',
  ipv4: '10.20.30.41',
  mac: '52:54:00:ab:cd:ef',
  uuid: '051f523e-a35b-b55a-caaf-0353a6011dc2',
  serial: '1654923012345',
}
const PLANT = ` ${SECRETS.host}-job ${SECRETS.user}-secret_data ${SECRETS.home}/venv /net/${SECRETS.ipv4}/lib/libcudnn.so.9 env: ${SECRETS.ipv4} HWaddr ${SECRETS.mac} GPU-${SECRETS.uuid} Serial Number : ${SECRETS.serial}`

/** Appends PLANT to every string the schema still accepts with it (ids and enums do not). */
function planted(): string {
  const doc = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/reports/diagnose.json', import.meta.url)), 'utf8')) as Record<string, unknown>
  const readable = () => {
    try {
      return diagnosisOf(parseReportInput(JSON.stringify(doc))) !== null
    } catch {
      return false
    }
  }
  const visit = (node: Record<string, unknown> | unknown[]) => {
    for (const key of Object.keys(node)) {
      const obj = node as Record<string, unknown>
      const v = obj[key]
      if (typeof v === 'string') {
        obj[key] = v + PLANT
        if (!readable()) obj[key] = v
      } else if (v && typeof v === 'object') visit(v as Record<string, unknown>)
    }
  }
  visit(doc)
  return JSON.stringify(doc)
}

describe('gpu-doctor report: default redaction of a diagnosis with private values planted everywhere', () => {
  it('md, html, --redact json and the PDF text hold none of them, and "Masked N" counts what was masked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-cli-redact-'))
    const file = join(dir, 'diagnosis.json')
    writeFileSync(file, planted())
    expect(readFileSync(file, 'utf8')).toContain(SECRETS.serial)
    const env = fakeSmiEnv('h200-x1', { HOSTNAME: SECRETS.host, USER: SECRETS.user, HOME: SECRETS.home, GPU_DOCTOR_DATA_DIR: join(dir, 'data') })
    const outputs: Record<string, string> = {}
    for (const args of [['--format', 'md'], ['--format', 'html'], ['--format', 'json', '--redact'], ['--format', 'pdf', '-o', join(dir, 'r.pdf')]]) {
      const r = await runBuiltCli(['report', '--from', file, ...args], env, { timeoutMs: 60_000 })
      expect(r.code, r.stderr).toBe(0)
      outputs[args[1]!] = r.stdout
      // Seven kinds planted; the machine's own host name may add one more value.
      const said = /Masked (\d+) private values? \(([^)]*)\)/.exec(r.stderr)
      expect(Number(said?.[1]), r.stderr).toBeGreaterThanOrEqual(7)
      expect(said?.[2]?.split(', ').sort()).toEqual(expect.arrayContaining(['host', 'home', 'ipv4', 'mac', 'serial', 'user', 'uuid']))
    }
    execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'r.pdf'), join(dir, 'r.txt')])
    outputs.pdf = readFileSync(join(dir, 'r.txt'), 'utf8')
    expect(outputs.pdf).toContain('<ipv4-1>')
    const json = JSON.parse(outputs.json!) as { redacted: boolean }
    expect(json.redacted).toBe(true)
    for (const [format, text] of Object.entries(outputs)) {
      for (const [kind, secret] of Object.entries(SECRETS)) {
        expect(text.includes(secret), `${kind} in ${format}`).toBe(false)
        expect(text.replace(/\s+/g, '').includes(secret), `${kind} in ${format} (joined lines)`).toBe(false)
      }
    }
  }, 150_000)
})
