// Reruns issue 26's reproductions against one build of the CLI and prints what each measured, as JSON.
//   node docs/verification/issue-26-hardening/rerun.mjs [path/to/gpu-doctor.cjs]   (default out/cli/gpu-doctor.cjs)
// Linux, as root (the "data folder left by a root run" case runs the CLI as nobody). Uses the
// replaying nvidia-smi, the stand-in dmesg/journalctl and libnvidia-ml of test/, and
// the real dmesg/journalctl as nobody (kernel.dmesg_restrict=1 where it is set). Every command runs
// under `timeout -s TERM 6 -k 2`: rc 124 = ended by SIGTERM, 137 = SIGTERM ignored, killed.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../../..')
const CLI = resolve(process.argv[2] ?? join(ROOT, 'out/cli/gpu-doctor.cjs'))
const FAKE_SMI = join(ROOT, 'test/fake-nvidia-smi/nvidia-smi')
const FAKE_KLOG = join(ROOT, 'test/helpers/fake-kernel-log')
const H200_XML = join(ROOT, 'test/fixtures/h200-x1/smi/q.xml')
const REPORT = join(ROOT, 'test/fixtures/reports/diagnose.json')
const work = mkdtempSync(join(tmpdir(), 'gd-issue26-'))
chmodSync(work, 0o755)
const smiEnv = (extra = {}) => ({ ...process.env, GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI, FAKE_SMI_FIXTURE: 'h200-x1', GPU_DOCTOR_LANG: 'en', ...extra })
const results = {}

/** Runs the CLI under timeout; wall seconds, exit code, output sizes, peak RSS (MiB). */
function cli(args, env = process.env, options = {}) {
  const prefix = options.asNobody ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : []
  const started = process.hrtime.bigint()
  const r = spawnSync('/usr/bin/time', ['-f', '%M', 'timeout', '-s', 'TERM', '-k', '2', String(options.timeoutS ?? 6), ...prefix, process.execPath, CLI, ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const wall = Number(process.hrtime.bigint() - started) / 1e9
  const lines = r.stderr.trimEnd().split('\n').filter((l) => !/^Command (exited with non-zero status|terminated by signal)/.test(l))
  const rssKb = Number(lines.at(-1))
  const stderr = Number.isFinite(rssKb) ? lines.slice(0, -1).join('\n') : r.stderr
  return { wallS: Number(wall.toFixed(2)), rc: r.status, stdoutBytes: Buffer.byteLength(r.stdout), stderrBytes: Buffer.byteLength(stderr), stderr: stderr.slice(0, 300), peakRssMiB: Number.isFinite(rssKb) ? Math.round(rssKb / 1024) : null, stdout: r.stdout }
}
const brief = ({ stdout: _stdout, ...rest }) => rest

// 1. Xid counting
const xidLog = (n) => {
  const file = join(work, `k${n}.log`)
  writeFileSync(file, 'NVRM: Xid (PCI:0): 13, x\n'.repeat(n))
  return file
}
const k20 = xidLog(20_000)
const k50 = xidLog(50_000)
results.xid = {}
for (const [name, file] of [['20000', k20], ['50000', k50]]) {
  const r = cli(['health', '--from-smi', H200_XML, '--kernel-log', file], process.env, { timeoutS: 300 })
  results.xid[name] = { ...brief(r), says: /Kernel log.*/.exec(r.stdout)?.[0] ?? null }
}

// 1b. serve answers while health:check counts 50,000 Xid lines read live (stand-in dmesg)
results.serveDuringXid = await serveProbe({ FAKE_DMESG_FILE: k50 }, async (base, token) => {
  const health = invoke(base, token, 'health:check')
  const latencies = []
  let done = false
  health.finally(() => (done = true))
  while (!done) {
    const t0 = Date.now()
    await get(`${base}/`)
    latencies.push(Date.now() - t0)
    await new Promise((r) => setTimeout(r, 50))
  }
  const answer = await health
  return { healthCheckOk: answer.ok, xidCount: answer.value?.kernelLog?.xidCount ?? null, getRequests: latencies.length, maxGetLatencyMs: Math.max(...latencies) }
})

// 1c. 30 concurrent health:check calls: how many nvidia-smi -q -x
const smiLog = join(work, 'smi.log')
results.healthShared = await serveProbe({ FAKE_SMI_LOG: smiLog }, async (base, token) => {
  const answers = await Promise.all(Array.from({ length: 30 }, () => invoke(base, token, 'health:check')))
  const starts = readFileSync(smiLog, 'utf8').split('\n').filter((l) => l.endsWith(' -q -x')).length
  return { calls: 30, ok: answers.filter((a) => a.ok).length, nvidiaSmiQxStarts: starts }
})

// 2. the run lock
const python = '/usr/bin/python3'
const lockCase = (name, make, options = {}) => {
  const d = join(work, `lock-${name}`)
  mkdirSync(d)
  chmodSync(d, 0o755)
  make(join(d, 'diagnosis.lock'))
  return brief(cli(['diagnose', '--no-wait', '--python', python], { ...process.env, GPU_DOCTOR_DATA_DIR: d, HOME: tmpdir() }, options))
}
const old = new Date(Date.now() - 3_600_000)
results.lock = {
  folder: lockCase('folder', (p) => {
    mkdirSync(p)
    execFileSync('touch', ['-d', old.toISOString(), p])
  }),
  fifo: lockCase('fifo', (p) => execFileSync('mkfifo', [p])),
  rootFolderAsNobody: lockCase('root', (p) => writeFileSync(p, JSON.stringify({ pid: 4194321, host: hostname(), since: old.toISOString(), processStart: '1' })), { asNobody: true }),
  pid0: lockCase('pid0', (p) => writeFileSync(p, JSON.stringify({ pid: 0, host: hostname(), since: old.toISOString(), processStart: null })), { timeoutS: 60 }),
  pid1NoStart: lockCase('pid1', (p) => writeFileSync(p, JSON.stringify({ pid: 1, host: hostname(), since: old.toISOString(), processStart: null })), { timeoutS: 60 }),
}

// 3. a kernel log this user may not read: the real dmesg and journalctl, as nobody
const dmesgRestrict = readFileSync('/proc/sys/kernel/dmesg_restrict', 'utf8').trim()
const nobody = cli(['health'], { PATH: process.env.PATH, HOME: tmpdir(), GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI, FAKE_SMI_FIXTURE: 'h200-x1', GPU_DOCTOR_LANG: 'en' }, { asNobody: true, timeoutS: 30 })
results.kernelLogAsNobody = { dmesgRestrict, rc: nobody.rc, says: /(Kernel log|Xid events).*/.exec(nobody.stdout)?.[0] ?? nobody.stderr }

// 4. watch --container with a path in the name
results.watchContainer = await new Promise((resolveResult) => {
  let contacted = 0
  const other = createServer((req, res) => {
    contacted++
    res.end('{}')
  })
  other.listen(0, '127.0.0.1', () => {
    const port = other.address().port
    const r = cli(['watch', '--container', `../../127.0.0.1:${port}/x`, '--seconds', '3'], process.env, { timeoutS: 20 })
    other.close()
    resolveResult({ ...brief(r), stackTrace: /\n\s+at /.test(r.stderr), otherHostContacted: contacted })
  })
})

// 5. NVML values
const lib = join(work, 'libnvidia-ml.so.1')
execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', lib, join(ROOT, 'test/fake-nvml/fake-nvml.c')])
const nvml = (extra) => smiEnv({ GPU_DOCTOR_NVML_LIBRARY: lib, ...extra })
const hostileMonitor = cli(['monitor', '--count', '1', '--interval', '200'], nvml({ GPU_DOCTOR_SAMPLER: 'nvml', FAKE_NVML_HOSTILE: '1' }))
results.nvml = {
  statusCount0xFFFFFFFF: brief(cli(['status'], nvml({ GPU_DOCTOR_SAMPLER: 'nvml', FAKE_NVML_COUNT: '4294967295' }))),
  monitorHostile: { ...brief(hostileMonitor), shows4294967295: hostileMonitor.stdout.includes('4294967295'), line: hostileMonitor.stdout.trim().split('\n').at(-1)?.slice(0, 160) },
}

// 6. XML with an internal DOCTYPE
const planted = join(work, 'entity.xml')
const xml = readFileSync(H200_XML, 'utf8')
writeFileSync(
  planted,
  '<?xml version="1.0" ?>\n<!DOCTYPE nvidia_smi_log [ <!ENTITY planted "PLANTED-ENTITY-TEXT"> ]>\n' +
    xml.slice(xml.indexOf('<nvidia_smi_log>')).replace('<product_name>NVIDIA H200</product_name>', '<product_name>&planted;</product_name>'),
)
results.doctype = Object.fromEntries(
  ['health', 'status'].map((c) => {
    const r = cli([c, '--from-smi', planted])
    return [c, { rc: r.rc, entityTextShown: (r.stdout + r.stderr).includes('PLANTED-ENTITY-TEXT') }]
  }),
)

// 7. settings.json: BOM, FIFO, 300 MB (read when a diagnosis is saved to the history)
const settingsCase = (name, make) => {
  const d = join(work, `settings-${name}`)
  mkdirSync(d)
  make(join(d, 'settings.json'))
  const r = cli(['diagnose', '--no-wait', '--steps', 'gpu-visible', '--python', python], smiEnv({ GPU_DOCTOR_DATA_DIR: d }), { timeoutS: 60 })
  return { ...brief(r), settingsLine: r.stderr.split('\n').find((l) => /settings file/i.test(l)) ?? null, saved: /Saved to history/.test(r.stderr) }
}
results.settings = {
  bom: settingsCase('bom', (p) => writeFileSync(p, '\uFEFF{"historyLimit": 7}\n')),
  fifo: settingsCase('fifo', (p) => execFileSync('mkfifo', [p])),
  mb300: settingsCase('300mb', (p) => {
    const fd = openSync(p, 'w')
    ftruncateSync(fd, 300 * 1024 * 1024)
    closeSync(fd)
  }),
}

// 8. long values echoed
const bigName = join(work, 'bigname.xml')
writeFileSync(bigName, xml.replace('<product_name>NVIDIA H200</product_name>', `<product_name>${'N'.repeat(3_000_000)}</product_name>`).replace('<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>3</dram_uncorrectable>'))
const dockerHost = `tcp://${'a'.repeat(10_240)}:2375`
const images = cli(['images'], { ...process.env, DOCKER_HOST: dockerHost }, { timeoutS: 20 })
results.echo = {
  health3MBNameStdoutBytes: cli(['health', '--from-smi', bigName]).stdoutBytes,
  imagesDockerHost10KiBOutputBytes: images.stderrBytes + images.stdoutBytes,
}

// 9. report -o FILE.md with escape sequences and U+202E
const dirty = join(work, 'dirty.json')
writeFileSync(dirty, readFileSync(REPORT, 'utf8').replace('"evidence": "0x0000000000000004', '"evidence": "\\u001b]0;pwned\\u0007\\u001b[31mRED\\u202eevil.exe 0x0000000000000004'))
const md = join(work, 'dirty.md')
cli(['report', '--from', dirty, '-o', md], { ...process.env, GPU_DOCTOR_DATA_DIR: join(work, 'report-data') })
const mdText = readFileSync(md, 'utf8')
results.reportFile = { escInMd: mdText.split('\x1b').length - 1, u202eInMd: mdText.split('\u202e').length - 1 }

// 10. health out of range
const forged = join(work, 'range.xml')
writeFileSync(
  forged,
  xml
    .replace('<current_link_gen>5</current_link_gen>', '<current_link_gen>-1</current_link_gen>')
    .replace(/<gpu_util>\d+ %<\/gpu_util>/, '<gpu_util>-1 %</gpu_util>')
    .replace('<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>200000000000000000000000</dram_uncorrectable>'),
)
const range = JSON.parse(cli(['health', '--from-smi', forged, '--json']).stdout)
results.healthRange = { pcieGenCurrent: range.gpus[0].pcie.genCurrent, utilizationGpu: range.gpus[0].utilizationGpu, volatileUncorrectable: range.gpus[0].ecc.volatileUncorrectable, findings: range.findings.map((f) => f.id) }

console.log(JSON.stringify({ cli: CLI, results }, null, 2))

/** Starts `serve` with the replaying nvidia-smi and the stand-in kernel log, runs `probe`, stops it. */
async function serveProbe(extra, probe) {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--no-open'], {
    env: { ...smiEnv(extra), PATH: `${FAKE_KLOG}:${process.env.PATH}`, GPU_DOCTOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'gd-issue26-serve-')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    const url = await new Promise((resolveUrl, reject) => {
      let out = ''
      child.stderr.on('data', (d) => (out += d))
      child.stdout.on('data', (d) => {
        out += d
        const m = /(http:\/\/\S+)/.exec(out)
        if (m) resolveUrl(new URL(m[1]))
      })
      child.on('exit', () => reject(new Error(`serve ended: ${out}`)))
      setTimeout(() => reject(new Error('serve did not start')), 15_000)
    })
    return await probe(`${url.protocol}//${url.host}`, url.searchParams.get('token') ?? '')
  } finally {
    child.kill('SIGTERM')
  }
}

function get(url) {
  return new Promise((res) => request(url, (r) => (r.resume(), r.on('end', res))).on('error', res).end())
}

function invoke(base, token, channel) {
  return new Promise((res, rej) => {
    const req = request(`${base}/api/invoke/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (r) => {
      let body = ''
      r.on('data', (d) => (body += d))
      r.on('end', () => {
        try {
          res(JSON.parse(body))
        } catch {
          rej(new Error(`${r.statusCode}: ${body.slice(0, 200)}`))
        }
      })
    })
    req.on('error', rej)
    req.end('{"args":[]}')
  })
}
