import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

// The probe's own reading of NCCL's settings, run for real in Debian's python3: every NCCL_* variable
// (not a list of known names), NCCL's config files, and the ranks' environment.
const PROBE = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gd-nccl-conf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function python(code: string, env: Record<string, string>): unknown {
  const out = execFileSync('/usr/bin/python3', ['-c', `import importlib.util as u, json, os, time\ns = u.spec_from_file_location("p", ${JSON.stringify(PROBE)})\np = u.module_from_spec(s)\ns.loader.exec_module(p)\n${code}`], {
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
    encoding: 'utf8',
  })
  return JSON.parse(out.trim())
}

describe("the probe's NCCL settings", () => {
  it('reports every NCCL_* variable set, including ones no table lists, and not the NCCL_VERSION label of NVIDIA\'s images', () => {
    const got = python('print(json.dumps(p.nccl_environment()))', { NCCL_MAX_NCHANNELS: '1', NCCL_BUFFSIZE: '65536', NCCL_P2P_DISABLE: '1', NCCL_VERSION: '2.28.3-1', CUDA_VISIBLE_DEVICES: '0', MY_NCCL_THING: 'x' })
    expect(got).toEqual({ NCCL_BUFFSIZE: '65536', NCCL_MAX_NCHANNELS: '1', NCCL_P2P_DISABLE: '1' })
  })

  it('reads $NCCL_CONF_FILE (comments and blank lines skipped), and a FIFO there neither blocks nor passes as empty', () => {
    const conf = join(dir, 'nccl.conf')
    writeFileSync(conf, '# site settings\n\nNCCL_P2P_DISABLE=1\n NCCL_ALGO = Ring \nnot a setting\n')
    const files = python('print(json.dumps(p.nccl_conf_files()))', { NCCL_CONF_FILE: conf }) as Array<{ path: string; settings: Record<string, string>; error?: string }>
    expect(files.find((f) => f.path === conf)).toEqual({ path: conf, settings: { NCCL_P2P_DISABLE: '1', NCCL_ALGO: 'Ring' } })

    const fifo = join(dir, 'fifo.conf')
    execFileSync('mkfifo', [fifo])
    const started = Date.now()
    const fromFifo = python('print(json.dumps(p.nccl_conf_files()))', { NCCL_CONF_FILE: fifo }) as Array<{ path: string; error?: string }>
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(fromFifo.find((f) => f.path === fifo)).toEqual({ path: fifo, settings: {}, error: 'not a regular file' })
  })

  it('reads at most 64 KiB of a config file', () => {
    const big = join(dir, 'big.conf')
    writeFileSync(big, `NCCL_ALGO=Tree\n${'#'.repeat(70 * 1024)}\nNCCL_PROTO=LL\n`)
    const files = python('print(json.dumps(p.nccl_conf_files()))', { NCCL_CONF_FILE: big }) as Array<{ path: string; settings: Record<string, string> }>
    expect(files.find((f) => f.path === big)!.settings).toEqual({ NCCL_ALGO: 'Tree' })
  })

  it("the ranks print NCCL's INFO lines where the probe reads them, whatever NCCL_DEBUG_FILE or NCCL_DEBUG_SUBSYS the user set", () => {
    const env = python(
      `
r = p.NcclRanks([0, 1], 30)
environ = open("/proc/%d/environ" % r.procs[0].pid, "rb").read().decode().split("\\0")
r.stop(); r.close()
print(json.dumps({k: v for k, v in (e.split("=", 1) for e in environ if e.startswith("NCCL_"))}))
`,
      { NCCL_DEBUG: 'WARN', NCCL_DEBUG_FILE: join(dir, 'nccl.%h.%p.log'), NCCL_DEBUG_SUBSYS: 'COLL', NCCL_MAX_NCHANNELS: '2' },
    )
    expect(env).toEqual({ NCCL_DEBUG: 'INFO', NCCL_DEBUG_FILE: '', NCCL_DEBUG_SUBSYS: 'INIT,BOOTSTRAP,ENV', NCCL_NVLS_ENABLE: '0', NCCL_MAX_NCHANNELS: '2' })
  })
})
