#!/usr/bin/env node
// `npm test` starts with `snapshot` and ends with `check`: the tests must leave nothing running.
//   snapshot  records what runs before the tests (processes, containers), so nothing that was already
//             there is blamed: the shared dockerd, registry and Podman service setup.sh started, an editor.
//   check     lists what the tests left: processes started since the snapshot that carry this run's mark
//             (npm's npm_package_json=<this project>/package.json in their environment, inherited by every
//             child, or this project's folder in their command line), with the ports they listen on, and
//             containers created since with GPU Doctor's label or a test name (gd-test-…). It names each,
//             stops the processes it names (this run's own, by PID) and exits 1; exit 0 when there are none.
// Options: --baseline FILE (default: in the temp folder, one per project folder), --marker NAME=VALUE (an
// environment mark instead of npm's; its own tests use it), --grace-ms N (how long exiting processes get),
// --no-containers (processes only).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')

function option(name, fallback) {
  const at = process.argv.indexOf(name)
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback
}

const BASELINE = option('--baseline', join(tmpdir(), `gpu-doctor-test-baseline-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.json`))
const MARKER = option('--marker', `npm_package_json=${join(ROOT, 'package.json')}`)
const OWN_MARKER = process.argv.includes('--marker')
const GRACE_MS = Number(option('--grace-ms', '10000'))
const CONTAINERS = !process.argv.includes('--no-containers')

const read = (path) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** pid → { id: "pid:start time", ppid, cmd }, from one pass over /proc. */
function processes() {
  const all = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = read(`/proc/${name}/stat`)
    if (!stat) continue
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (fields[0] === 'Z') continue // a zombie holds nothing; its parent reaps it
    const cmd = (read(`/proc/${name}/cmdline`) ?? '').split('\0').filter(Boolean).join(' ')
    all.set(Number(name), { id: `${name}:${fields[19]}`, ppid: Number(fields[1]), cmd })
  }
  return all
}

/** This script and the npm / shell processes above it carry the mark too, and are not left over. */
function ancestors(all) {
  const mine = new Set()
  for (let pid = process.pid; pid > 1 && !mine.has(pid); pid = all.get(pid)?.ppid ?? 0) mine.add(pid)
  return mine
}

function marked(pid, cmd) {
  const environ = read(`/proc/${pid}/environ`)
  if (environ?.split('\0').includes(MARKER)) return true
  return !OWN_MARKER && cmd.includes(ROOT)
}

/** Listening TCP sockets by inode → "address:port". */
function listeners() {
  const byInode = new Map()
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(file) ?? '').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/)
      if (f[3] !== '0A') continue
      const [hex, port] = f[1].split(':')
      const address = hex.length === 8 ? hex.match(/../g).reverse().map((b) => parseInt(b, 16)).join('.') : `[${hex === '0'.repeat(32) ? '::' : hex}]`
      byInode.set(f[9], `${address}:${parseInt(port, 16)}`)
    }
  }
  return byInode
}

function portsOf(pid, sockets) {
  const ports = []
  let fds
  try {
    fds = readdirSync(`/proc/${pid}/fd`)
  } catch {
    return ports
  }
  for (const fd of fds) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]
      if (inode && sockets.has(inode)) ports.push(sockets.get(inode))
    } catch {
      // closed meanwhile
    }
  }
  return ports
}

/** Containers of one engine (Docker API over its unix socket); [] when it does not answer in 3 s. */
function containersAt(socketPath) {
  return new Promise((done) => {
    const req = request({ socketPath, path: '/containers/json?all=1', timeout: 3000 }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => {
        try {
          done(JSON.parse(body))
        } catch {
          done([])
        }
      })
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => done([]))
    req.end()
  })
}

function engineSockets() {
  const fromEnv = /^unix:\/\/(.+)$/.exec(process.env.DOCKER_HOST ?? '')?.[1]
  return [...new Set([fromEnv ?? '/var/run/docker.sock', '/run/podman/podman.sock'])]
}

async function containers() {
  const found = []
  if (!CONTAINERS) return found
  for (const socket of engineSockets()) {
    for (const c of await containersAt(socket)) {
      const names = (c.Names ?? []).map((n) => n.replace(/^\//, ''))
      const ours = c.Labels?.['gpu-doctor.managed'] !== undefined || names.some((n) => n.startsWith('gd-test-'))
      if (ours) found.push({ key: `${socket}:${c.Id}`, text: `${names[0] ?? c.Id.slice(0, 12)} (${c.Image}, ${c.State}) on ${socket}` })
    }
  }
  return found
}

async function snapshot() {
  const baseline = { root: ROOT, at: new Date().toISOString(), processes: [...processes().values()].map((p) => p.id), containers: (await containers()).map((c) => c.key) }
  writeFileSync(BASELINE, JSON.stringify(baseline))
  console.log(`Leftover check: ${baseline.processes.length} processes and ${baseline.containers.length} GPU Doctor containers were there before the tests (${BASELINE}).`)
}

function leftoverProcesses(before) {
  const all = processes()
  const mine = ancestors(all)
  const sockets = listeners()
  const left = []
  for (const [pid, p] of all) {
    if (before.has(p.id) || mine.has(pid) || !marked(pid, p.cmd)) continue
    left.push({ pid, cmd: p.cmd, ports: portsOf(pid, sockets) })
  }
  return left
}

async function check() {
  const text = read(BASELINE)
  if (text === null) {
    console.error(`Leftover check: no snapshot at ${BASELINE}; run \`node scripts/test-leftovers.mjs snapshot\` before the tests.`)
    process.exit(1)
  }
  const baseline = JSON.parse(text)
  const before = new Set(baseline.processes)
  // Processes the last test stopped may take a moment to exit: give them the grace period.
  const until = Date.now() + GRACE_MS
  let left = leftoverProcesses(before)
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250))
    left = leftoverProcesses(before)
  }
  const knownContainers = new Set(baseline.containers)
  const boxes = (await containers()).filter((c) => !knownContainers.has(c.key))
  if (left.length === 0 && boxes.length === 0) {
    console.log('Leftover check passed: the tests left no process, listening socket or container running.')
    return
  }
  console.error(`Leftover check FAILED: the tests left ${left.length} process(es) and ${boxes.length} container(s) behind.`)
  for (const p of left) {
    const cmd = p.cmd.length > 200 ? `${p.cmd.slice(0, 200)}…` : p.cmd
    console.error(`  - process ${p.pid}: ${cmd}${p.ports.length ? ` (listening on ${p.ports.join(', ')})` : ''}`)
  }
  for (const c of boxes) console.error(`  - container ${c.text}`)
  // Stop what this run left (its own processes, named above), so the machine is not left burning.
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL')
    } catch {
      // gone meanwhile
    }
  }
  if (left.length > 0) console.error(`  The ${left.length} process(es) above were stopped (SIGKILL).`)
  process.exit(1)
}

const command = process.argv[2]
if (command === 'snapshot') await snapshot()
else if (command === 'check') await check()
else {
  console.error('usage: node scripts/test-leftovers.mjs snapshot|check [--baseline FILE] [--marker NAME=VALUE] [--grace-ms N] [--no-containers]')
  process.exit(2)
}
