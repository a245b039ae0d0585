import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { checkHealth } from '../../../../src/core/domain/health/check-health'
import { readKernelLog, tallyXids } from '../../../../src/core/domain/health/kernel-log'

const H200_XML = readFileSync(new URL('../../../fixtures/h200-x1/smi/q.xml', import.meta.url), 'utf8')
const xidLog = (lines: number) => 'NVRM: Xid (PCI:0): 13, x\n'.repeat(lines)

describe('Xid counting in a huge kernel log (issue 26)', () => {
  it('50,000 Xid lines: every one counted, ten kept as evidence, and the event loop keeps answering meanwhile', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    try {
      const tally = await tallyXids(xidLog(50_000))
      expect(tally.count).toBe(50_000)
      expect(tally.groups.get('xid-reported')).toMatchObject({ count: 50_000, xids: [13] })
      expect(tally.groups.get('xid-reported')!.examples).toHaveLength(10)
    } finally {
      clearInterval(timer)
    }
    // A count that held the event loop from start to end would let no timer run in between.
    expect(ticks).toBeGreaterThan(0)
  })

  it('health with 20,000 and 50,000 Xid lines says how many, with ten lines of evidence (the finding count is not capped)', async () => {
    for (const lines of [20_000, 50_000]) {
      const r = await checkHealth({ smiText: H200_XML, kernelLogText: xidLog(lines), platform: 'linux' })
      if (!r.ok) throw new Error(r.problem.detail)
      expect(r.health.kernelLog).toEqual({ readable: true, source: 'file', xidCount: lines })
      const finding = r.health.findings.find((f) => f.id === 'xid-reported')!
      expect(finding.params).toMatchObject({ count: lines, xids: '13' })
      expect(finding.evidence!.split('\n')).toHaveLength(10)
    }
  })

  it('one 1 MiB Xid line is cut to 200 characters of evidence', async () => {
    const tally = await tallyXids(`NVRM: Xid (PCI:0000:18:00): 79, ${'y'.repeat(1024 * 1024)}\n`)
    expect(tally.groups.get('gpu-fallen-off-bus')!.examples[0]!.text).toHaveLength(200)
  })
})

/** A PATH holding only the given commands, each a shell script. */
function fakeCommands(scripts: Record<string, string>): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'gd-klog-'))
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`)
    chmodSync(join(dir, name), 0o755)
  }
  return { PATH: `${dir}:/usr/bin:/bin` }
}

describe.runIf(process.platform === 'linux')('a kernel log this user may not read (issue 26)', () => {
  // What `dmesg --ctime` and `journalctl -k -b --no-pager -q` answer a user outside adm/systemd-journal
  // with kernel.dmesg_restrict=1 (captured as `su nobody` on Debian 13).
  const REFUSED = {
    dmesg: "echo 'dmesg: read kernel buffer failed: Operation not permitted' >&2; exit 1",
    journalctl: 'exit 0',
  }

  it('an empty journalctl answer after a refused dmesg is "not read", never 0 Xid events', async () => {
    const log = await readKernelLog(fakeCommands(REFUSED))
    expect(log).toEqual({ readable: false, reason: 'dmesg: read kernel buffer failed: Operation not permitted; journalctl: no line shown to this user' })
  })

  it('a readable dmesg is still read', async () => {
    const log = await readKernelLog(fakeCommands({ dmesg: "echo '[1.0] NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen off the bus.'", journalctl: 'exit 0' }))
    expect(log).toMatchObject({ readable: true, source: 'dmesg --ctime', tally: { count: 1 } })
  })
})
