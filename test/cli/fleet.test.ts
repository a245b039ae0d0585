import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'

describe('gpu-doctor fleet: what it says before anything runs', () => {
  it('without --slurm or --k8s-manifest: exit 2, saying which', async () => {
    const r = await runBuiltCli(['fleet'], {})
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('fleet needs --slurm (run it now through Slurm) or --k8s-manifest')
  })

  it('no Slurm commands on this machine: exit 3, telling to run it on a login node, in Chinese too', async () => {
    const r = await runBuiltCli(['fleet', '--slurm'], { PATH: '/nonexistent' })
    expect(r.code).toBe(3)
    expect(r.stderr).toContain("Slurm's commands are not here (sinfo: not found on PATH): run this on a login node")
    const zh = await runBuiltCli(['fleet', '--slurm', '--lang', 'zh-CN'], { PATH: '/nonexistent' })
    expect(zh.stderr).toContain('请在集群的登录节点上运行')
  })

  it('a bad --format, --timeout or --reports-dir: exit 2 before Slurm is asked', async () => {
    expect((await runBuiltCli(['fleet', '--slurm', '--format', 'pdf'], { PATH: '/nonexistent' })).stderr).toContain('--format must be one of table, md, html, json')
    expect((await runBuiltCli(['fleet', '--slurm', '--timeout', '5'], { PATH: '/nonexistent' })).code).toBe(2)
    const dir = await runBuiltCli(['fleet', '--slurm', '--reports-dir', '/nonexistent/reports'], { PATH: '/nonexistent' })
    expect(dir.code).toBe(2)
    expect(dir.stderr).toContain('--reports-dir /nonexistent/reports is not a folder')
  })
})
