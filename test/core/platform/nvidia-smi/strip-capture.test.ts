import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

const BODY = '+-----+\n| NVIDIA-SMI 580.159.04 |\n+-----+'

describe('stripCaptureArtifacts', () => {
  it('removes our capture command line and exit marker', () => {
    const out = stripCaptureArtifacts(fixture('h200-x1/smi/default.txt'))
    const lines = out.split('\n')
    expect(lines[0]).toMatch(/^Sat Nov 21/)
    expect(out).not.toContain('$ nvidia-smi')
    expect(out).not.toContain('[exit')
    expect(lines.filter((l) => l.startsWith('|   0  NVIDIA H200'))).toHaveLength(1)
  })

  it.each([
    ['$ nvidia-smi', '$ nvidia-smi\n'],
    ['user@host prompt', 'alice@gpu-box:~$ nvidia-smi\n'],
    ['root prompt', 'root@a100-node:/workspace# nvidia-smi\n'],
    ['venv prompt', '(venv) alice@gpu-box:~/proj$ nvidia-smi -q\n'],
    ['bracketed prompt', '[root@middle-wy-p13182 ~]# nvidia-smi\n'],
    ['PowerShell', 'PS C:\\Users\\opc> nvidia-smi\n'],
    ['cmd.exe', 'C:\\Users\\me>nvidia-smi.exe\n'],
    ['leading blank lines', '\n\n$ nvidia-smi\n'],
  ])('drops a leading %s line', (_, prefix) => {
    expect(stripCaptureArtifacts(`${prefix}${BODY}`)).toBe(BODY)
  })

  it('normalises CRLF and drops the trailing [exit N]', () => {
    expect(stripCaptureArtifacts(`$ nvidia-smi\r\n${BODY.replace(/\n/g, '\r\n')}\r\n[exit 0]\r\n`)).toBe(`${BODY}\n`)
    expect(stripCaptureArtifacts(`${BODY}\n[exit 6]`)).toBe(`${BODY}\n`)
  })

  it('leaves plain output alone', () => {
    expect(stripCaptureArtifacts(BODY)).toBe(BODY)
    const dmon = fixture('public/B/dmon-h100-mig-590.48.01.txt')
    expect(stripCaptureArtifacts(dmon)).toBe(dmon)
    const q = fixture('public/C/q-rtx4070laptop-wsl2-566.36.txt')
    expect(stripCaptureArtifacts(q)).toBe(q)
    const error = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."
    expect(stripCaptureArtifacts(error)).toBe(error)
  })

  it('keeps an error message that follows the prompt', () => {
    expect(stripCaptureArtifacts(fixture('h200-x1/smi/bad-index.txt')).trim()).toBe('No devices were found')
  })

  it('does not throw on empty input', () => {
    expect(stripCaptureArtifacts('')).toBe('')
    expect(stripCaptureArtifacts('[exit 0]')).toBe('')
  })
})
