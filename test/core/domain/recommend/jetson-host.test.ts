import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { readTegraRelease } from '../../../../src/core/platform/host/tegra-release'
import { reasonText } from '../../../../src/core/domain/recommend/reasons'
import { gatherInput } from '../../../../src/core/domain/recommend/request'
import { runBuiltCli } from '../../../helpers/cli'

// /etc/nv_tegra_release as Jetson Linux writes it (JetPack 6.0 GA = L4T R36.3).
const ORIN = '# R36 (release), REVISION: 3.0, GCID: 36191598, BOARD: generic, EABI: aarch64, DATE: Mon May  6 17:34:21 UTC 2024\n'
const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-tegra-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
const noSmi = { ...process.env, PATH: '/nonexistent', GPU_DOCTOR_NVIDIA_SMI: '' }

describe('a Jetson without nvidia-smi (JetPack 5 and 6)', () => {
  it('reads the Jetson Linux release, and nothing from a FIFO, a directory or another file', () => {
    expect(readTegraRelease(file('orin', ORIN))).toBe('36.3')
    expect(readTegraRelease(file('other', 'PRETTY_NAME="Debian"\n'))).toBeNull()
    expect(readTegraRelease(join(dir, 'missing'))).toBeNull()
    expect(readTegraRelease(dir)).toBeNull()
    const fifo = join(dir, 'fifo')
    execFileSync('mkfifo', [fifo])
    expect(readTegraRelease(fifo)).toBeNull()
  })

  it('answers with its JetPack and CUDA and that nothing in the tables is known to run, not "GPUs could not be read"', async () => {
    const gathered = await gatherInput({}, { nvidiaSmiPath: '/nonexistent/nvidia-smi', env: noSmi, tegraReleasePath: file('orin2', ORIN) })
    expect(gathered.ok).toBe(false)
    const text = !gathered.ok ? reasonText(gathered.blocker) : ''
    expect(text).toMatch(/This is a Jetson \(Jetson Linux R36\.3: JetPack 6\.0, CUDA 12\.2, Orin\) without nvidia-smi/)
    expect(text).toMatch(/No image or wheel .* is known to run on it/)
    const unknown = await gatherInput({}, { nvidiaSmiPath: '/nonexistent/nvidia-smi', env: noSmi, tegraReleasePath: file('r99', '# R99 (release), REVISION: 1.0\n') })
    expect(!unknown.ok && reasonText(unknown.blocker)).toMatch(/Jetson Linux R99\.1\) without nvidia-smi, and its JetPack release is not in GPU Doctor's tables/)
  })

  it('gpu-doctor recommend says so and exits 3, in English and Chinese', async () => {
    const env = { ...noSmi, GPU_DOCTOR_TEGRA_RELEASE: file('orin3', ORIN) }
    const en = await runBuiltCli(['recommend'], env)
    expect(en.code).toBe(3)
    expect(en.stderr).toMatch(/Jetson Linux R36\.3: JetPack 6\.0, CUDA 12\.2/)
    expect(en.stdout).not.toMatch(/nvidia-smi was not found/i)
    const zh = await runBuiltCli(['recommend', '--lang', 'zh-CN'], env)
    expect(zh.stderr).toMatch(/这是一台 Jetson（Jetson Linux R36\.3：JetPack 6\.0，CUDA 12\.2/)
  })
})
