import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { gpuLinksStep, ncclTransports } from '../../../../src/core/domain/diagnosis/steps/gpu-links'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { parseTopo } from '../../../../src/core/platform/nvidia-smi/parse-topo'
import type { LinkFacts } from '../../../../src/core/platform/nvidia-smi/read-links'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { evidenceView } from '../../../../src/core/domain/report/rendering/evidence-view'
import { reportTranslator } from '../../../../src/core/domain/report/rendering/translator'

// The real 2×H200 box: nvidia-smi's GPUs and `topo -m` (NV18 both ways) from test/fixtures/h200-x2;
// the probe's links workload as it reports (peer access, copies, NCCL's result and INFO lines).
const smi = parseSmiOutput(stripCaptureArtifacts(readFileSync(new URL('../../../fixtures/h200-x2/smi/query-csv.txt', import.meta.url), 'utf8')))
if (!('status' in smi)) throw new Error('fixture does not parse')
const box = smi.status
const topo = parseTopo(readFileSync(new URL('../../../fixtures/h200-x2/smi/topo.txt', import.meta.url), 'utf8'))!
const base = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('../../../fixtures/h200-x1/probe/probe-ok.json', import.meta.url), 'utf8')))
const UUIDS = ['a3bfea47-2513-0c72-21ed-abcd4ef01a03', 'dd43e3bb-90fc-b468-fc04-fe6af740818b']
const P2P_LINES = [
  'node:1:1 [0] NCCL INFO NCCL version 2.28.9+cuda13.0',
  'node:1:1 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read',
  'node:1:1 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/CUMEM/read',
  'node:1:1 [0] NCCL INFO ncclCommInitRank comm 0x55d0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 6000 commId 0x1 - Init COMPLETE',
]
const SHM_LINES = ['node:1:1 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1', 'node:1:1 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct']

type Links = Extract<NonNullable<NonNullable<ProbeReport['workloads']>['links']>, { peerAccess: unknown }>
function links(over: Partial<Links> = {}, nccl: Partial<NonNullable<Links['nccl']>> = {}): Links {
  return {
    ordinals: [0, 1],
    uuids: UUIDS,
    peerAccess: [
      [true, true],
      [true, true],
    ],
    copies: [
      { from: 0, to: 1, GBps: 371.2 },
      { from: 1, to: 0, GBps: 369.8 },
    ],
    copyBytes: 134217728,
    nccl: {
      deadlineS: 60,
      timedOut: false,
      env: { NCCL_P2P_DISABLE: null, NCCL_NVLS_ENABLE: null },
      result: { rank: 0, bytes: 268435456, ms: 0.78, algbwGBps: 344, busbwGBps: 344 },
      errors: [],
      debugLines: P2P_LINES,
      ...nccl,
    },
    platform: { hypervisor: false, dmiProduct: null, iommuGroups: 0, kernelCmdline: 'ro quiet', cpus: Array.from({ length: 32 }, (_, i) => i) },
    ...over,
  }
}

function facts(over: Partial<LinkFacts> = {}): LinkFacts {
  const all = (active: number) => [...Array(active).keys()].map((link) => ({ link, GBps: 26.562 as number | null }))
  return {
    topo,
    nvlink: [
      { gpu: 0, links: all(18) },
      { gpu: 1, links: all(18) },
    ],
    pcie: [0, 1].map((index) => ({ index, uuid: `GPU-${UUIDS[index]}`, genMax: 5, genCurrent: 5, widthMax: 16, widthCurrent: 16 })),
    problems: [],
    topoText: 'GPU0\t X \tNV18',
    ...over,
  }
}

function inputs(w: Links | { skipped: string }, f: LinkFacts | null = facts(), env: Record<string, string | null> = {}): DiagnosisInputs {
  const report: ProbeReport = { ...base, env: { ...base.env, CUDA_VISIBLE_DEVICES: null, ...env }, workloads: { links: w } }
  return { host: { kind: 'ok', status: { ...box, source: 'live' } }, probe: { ok: true, report }, platform: 'linux', idleSamples: [], loadSamples: [], loadState: null, probePid: null, links: f }
}

const ids = (r: { findings: Array<{ id: string }> }) => r.findings.map((f) => f.id)

describe('step 6: the links between GPUs', () => {
  it('2×H200 on NV18: passes, with the bus bandwidth against what 18 NVLink 4 links carry', () => {
    const r = gpuLinksStep(inputs(links()))
    expect(r.status).toBe('pass')
    expect(r.summary).toBe('2 GPUs: NCCL all-reduce 344 GB/s bus bandwidth (links allow 450) via P2P; peer access 2 of 2 pairs, copies 370–371 GB/s')
    expect(r.evidence.pairs![0]).toMatchObject({ from: 0, to: 1, link: 'NV18', peerAccess: true, expectedGBps: 450 })
    expect(r.evidence.gpus![1]).toMatchObject({ index: 1, nvlinkActive: 18, nvlinkInactive: 0, pcie: 'Gen5/5 x16/16', numa: '0' })
  })

  it("shows how long NCCL's set-up took beside its bandwidth, in both languages", () => {
    const phasesS = { contextS: 0.27, communicatorS: 0.58, measureS: 0.01 }
    const r = gpuLinksStep(inputs(links({}, { result: { rank: 0, bytes: 268435456, ms: 0.78, algbwGBps: 344, busbwGBps: 344, phasesS } })))
    expect(r.evidence.nccl?.phasesS).toEqual(phasesS)
    const row = (lang: 'en' | 'zh-CN') => evidenceView(r, reportTranslator(lang)).facts.find(([k]) => /NCCL rank 0/.test(k))?.[1]
    expect(row('en')).toBe('CUDA context and buffer 0.27 s, NCCL communicator 0.58 s, timed all-reduces 0.01 s')
    expect(row('zh-CN')).toContain('NCCL 通信器 0.58 秒')
    expect(evidenceView(gpuLinksStep(inputs(links())), reportTranslator('en')).facts.some(([k]) => /NCCL rank 0/.test(k))).toBe(false)
  })

  it('probe 1.6 makes the communicator while the probe copies: the row says what overlapped, how long the probe still waited, and how many all-reduces were timed', () => {
    const phasesS = { contextS: 0.07, communicatorS: 0.51, connectS: 0.3, measureS: 0.07, probeWaitedS: 0.52 }
    const r = gpuLinksStep(inputs(links({}, { result: { rank: 0, bytes: 268435456, iterations: 50, ms: 1.19, algbwGBps: 226, busbwGBps: 339, phasesS } })))
    expect(r.evidence.nccl).toMatchObject({ phasesS, iterations: 50 })
    const row = (lang: 'en' | 'zh-CN') => evidenceView(r, reportTranslator(lang)).facts.find(([k]) => /NCCL rank 0/.test(k))?.[1]
    expect(row('en')).toBe(
      'while the probe measured its copies: CUDA context and buffer 0.07 s, NCCL communicator 0.51 s (the probe then waited 0.52 s more); after: first all-reduces 0.30 s, timed all-reduces 0.07 s',
    )
    expect(row('zh-CN')).toContain('之后探针又等待了 0.52 秒')
  })

  it('NCCL_P2P_DISABLE=1: NCCL goes through shared memory; said with the variable, and the bus bandwidth against the links', () => {
    const r = gpuLinksStep(inputs(links({}, { env: { NCCL_P2P_DISABLE: '1', NCCL_NVLS_ENABLE: null }, debugLines: SHM_LINES, result: { rank: 0, bytes: 268435456, ms: 13, algbwGBps: 20.6, busbwGBps: 20.6 } })))
    expect(ids(r)).toEqual(['nccl-fell-back', 'links-slower-than-topology'])
    expect(r.findings[0]!.message).toContain('via SHM. Environment: NCCL_P2P_DISABLE=1')
    expect(r.findings[1]!.params).toMatchObject({ busbw: '21', expected: '450', percent: 95 })
  })

  it('P2P switched off in /etc/nccl.conf, not in the environment: the file and its line are named, where the environment alone said nothing was set', () => {
    const r = gpuLinksStep(
      inputs(
        links(
          {},
          {
            env: { NCCL_DEBUG: 'WARN' },
            confFiles: [
              { path: '/root/.nccl.conf', settings: { NCCL_DEBUG: 'VERSION' } },
              { path: '/etc/nccl.conf', settings: { NCCL_P2P_DISABLE: '1', NCCL_DEBUG: 'INFO' } },
            ],
            debugLines: SHM_LINES,
            result: { rank: 0, bytes: 268435456, ms: 13, algbwGBps: 20.6, busbwGBps: 20.6 },
          },
        ),
      ),
    )
    expect(ids(r)).toEqual(['nccl-fell-back', 'links-slower-than-topology'])
    // The environment's NCCL_DEBUG wins over both files, as in NCCL; the files' own duplicates are not repeated.
    expect(r.findings[0]!.message).toContain('via SHM. Environment: NCCL_DEBUG=WARN NCCL_P2P_DISABLE=1 (/etc/nccl.conf).')
    expect(r.findings[0]!.fix).toContain('/etc/nccl.conf')
    const envRow = evidenceView(r, reportTranslator('en')).facts.find(([k]) => k === 'NCCL environment')?.[1]
    expect(envRow).toBe('NCCL_DEBUG=WARN NCCL_P2P_DISABLE=1 (/etc/nccl.conf)')
  })

  it('a tuning variable nobody listed (NCCL_MAX_NCHANNELS=1) beside a slow all-reduce over P2P is quoted, and the fix says to run once without it', () => {
    const r = gpuLinksStep(inputs(links({}, { env: { NCCL_MAX_NCHANNELS: '1' }, result: { rank: 0, bytes: 268435456, ms: 4, algbwGBps: 67, busbwGBps: 67 } })))
    expect(ids(r)).toEqual(['links-slower-than-topology'])
    expect(r.findings[0]!.message).toContain('via P2P. Environment: NCCL_MAX_NCHANNELS=1.')
    expect(r.findings[0]!.fix).toContain('run once without them')
  })

  it('an NCCL config file that could not be read is said, not taken as empty', () => {
    const r = gpuLinksStep(inputs(links({}, { env: {}, confFiles: [{ path: '/etc/nccl.conf', settings: {}, error: 'not a regular file' }], timedOut: true, result: null })))
    expect(r.findings.find((f) => f.id === 'nccl-collective-hang')!.message).toContain('Environment: /etc/nccl.conf: not a regular file.')
  })

  it('the whole run confined to one CPU (taskset -c 0 on a real 2×H200): the copy that waited for a CPU is not put on the links', () => {
    // docs/verification/off-script-h200-x2/one-cpu-core.json: 0→1 68 GB/s, 1→0 370 GB/s over the same NV18.
    const oneCpu = { hypervisor: true, dmiProduct: null, iommuGroups: 0, kernelCmdline: 'quiet', cpus: [0] }
    const copies = [
      { from: 0, to: 1, GBps: 68 },
      { from: 1, to: 0, GBps: 370 },
    ]
    const r = gpuLinksStep(inputs(links({ copies, platform: oneCpu })))
    expect(ids(r)).toEqual(['links-measured-cpu-starved'])
    expect(r.findings[0]!.message).toContain('may run only on CPUs 0, fewer than the 3 processes the link test runs at once')
    expect(r.findings[0]!.message).toContain('Measured low: P2P 0→1 68/450 GB/s.')
    // The same figures with every CPU: the slow copy is the links'.
    const all = gpuLinksStep(inputs(links({ copies })))
    expect(ids(all)).toEqual(['p2p-copy-slow'])
  })

  it('GPU 0 busy with another process: the slow all-reduce and copies are put on the busy GPU, not on the links', () => {
    const busy = inputs(
      links({ copies: [{ from: 0, to: 1, GBps: 90 }, { from: 1, to: 0, GBps: 369.8 }] }, { result: { rank: 0, bytes: 268435456, ms: 2.2, algbwGBps: 121.3, busbwGBps: 121.3 } }),
    )
    const host = busy.host.kind === 'ok' ? busy.host.status : null
    const gpu = (index: number, sm: number) => ({ index, utilizationGpu: sm, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: 50, powerW: 300, powerLimitW: 700, smClockMHz: 1980 })
    const r = gpuLinksStep({
      ...busy,
      host: { kind: 'ok', status: { ...host!, processes: [{ pid: 932, name: 'python3', type: 'C', gpuIndex: 0, usedMemoryMiB: 1126, gpuInstanceId: null, computeInstanceId: null, container: null }] } },
      idleSamples: [{ time: 1, gpus: [gpu(0, 100), gpu(1, 0)] }],
    })
    expect(ids(r)).toEqual(['links-measured-while-busy'])
    expect(r.findings[0]!.message).toContain('GPU 0 was busy with other work (PID 932 python3 1.1 GiB)')
    expect(r.findings[0]!.message).toContain('NCCL all-reduce 121/450 GB/s, P2P 0→1 90/450 GB/s (measured / what the link carries)')
    expect(findingsZh['links-measured-while-busy.message']).toContain('{{measured}}（实测 / 链路应有带宽）')
    // Each GPU says whether it was busy, for the UI to mark it beside its links.
    expect(r.evidence.gpus?.map((g) => [g.index, g.contended])).toEqual([
      [0, true],
      [1, false],
    ])
    // The same figures with both GPUs free are the links' fault.
    expect(ids(gpuLinksStep(inputs(links({ copies: [{ from: 0, to: 1, GBps: 90 }, { from: 1, to: 0, GBps: 369.8 }] }, { result: { rank: 0, bytes: 268435456, ms: 2.2, algbwGBps: 121.3, busbwGBps: 121.3 } }))))).toEqual([
      'p2p-copy-slow',
      'links-slower-than-topology',
    ])
  })

  // 2×H100, a process idle before step 4 that started working on GPU 1 a second into it (docs/verification/issue-24-steadiness).
  it('a process that starts working on GPU 1 mid-run: step 4 measured GPU 1 unsteady, so its slow copies are put on that process, not on the links', () => {
    const slowLinks = links({ copies: [{ from: 0, to: 1, GBps: 214 }, { from: 1, to: 0, GBps: 359 }] })
    const base = inputs(slowLinks)
    const host = base.host.kind === 'ok' ? base.host.status : null
    const gpu = (index: number, sm: number) => ({ index, utilizationGpu: sm, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: 50, powerW: 650, powerLimitW: 700, smClockMHz: 1755 })
    const withProcess = (sustainedHalves: [number, number]) => {
      const report = base.probe.ok ? base.probe.report : null
      const tflops = (sustainedHalves[0] + sustainedHalves[1]) / 2
      const row = (index: number, halves: [number, number], t: number) => ({ index, uuid: UUIDS[index]!, iters: 100, tflops: t, spreadPercent: 16, firstHalfTflops: halves[0], secondHalfTflops: halves[1], halvesPercent: (Math.abs(halves[0] - halves[1]) / t) * 100 })
      const sustained = { startedAt: 10_000, endedAt: 12_000, seconds: 2, kernel: 'bf16 matmul 8192x8192', perGpu: [row(0, [683, 672], 674), row(1, sustainedHalves, tflops)] }
      return gpuLinksStep({
        ...base,
        probe: { ok: true, report: { ...report!, workloads: { links: slowLinks, sustained } } },
        host: { kind: 'ok', status: { ...host!, processes: [{ pid: 10383, name: 'python3', type: 'C', gpuIndex: 1, usedMemoryMiB: 700, gpuInstanceId: null, computeInstanceId: null, container: null }] } },
        idleSamples: [{ time: 9_000, gpus: [gpu(0, 0), gpu(1, 0)] }],
        loadSamples: [{ time: 11_000, gpus: [gpu(0, 100), gpu(1, 100)] }],
      })
    }
    const r = withProcess([685, 604])
    expect(ids(r)).toEqual(['links-measured-while-busy'])
    expect(r.findings[0]!.message).toContain('GPU 1 was busy with other work (PID 10383 python3 0.7 GiB)')
    expect(r.evidence.gpus?.map((g) => [g.index, g.contended])).toEqual([
      [0, false],
      [1, true],
    ])
    // The same idle context beside a GPU that measured steady and as fast as its sibling: the copies are the links'.
    expect(ids(withProcess([676, 672]))).toEqual(['p2p-copy-slow'])
  })

  it('an all-reduce that fails: NCCL\'s own WARN line and the NCCL variables set are said (2×H100, NCCL_SOCKET_IFNAME to no interface)', () => {
    const r = gpuLinksStep(
      inputs(
        links(
          {},
          {
            env: { NCCL_SOCKET_IFNAME: 'gd-no-such-if0', NCCL_NVLS_ENABLE: '0' },
            result: null,
            errors: [
              'rank 0: DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3135, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.28.9',
              "rank 1: DistBackendError: [1] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Failed to recv, got 0 bytes.",
            ],
            debugLines: ['[2026-11-26 18:33:32] vm:1927:1927 [0] bootstrap.cc:114 NCCL WARN Bootstrap : no socket interface found'],
          },
        ),
      ),
    )
    expect(r.status).toBe('fail')
    expect(ids(r)).toEqual(['nccl-allreduce-failed'])
    expect(r.findings[0]!.message).toContain('NCCL itself said: Bootstrap : no socket interface found.')
    expect(r.findings[0]!.message).toContain('Environment: NCCL_SOCKET_IFNAME=gd-no-such-if0 NCCL_NVLS_ENABLE=0.')
    expect(r.findings[0]!.fix).toContain('env -u NAME')
  })

  it('a collective that hangs fails the step, quoting NCCL\'s last lines', () => {
    const r = gpuLinksStep(inputs(links({}, { timedOut: true, result: null, debugLines: P2P_LINES.slice(0, 2) })))
    expect(r.status).toBe('fail')
    expect(ids(r)).toEqual(['nccl-collective-hang'])
    expect(r.findings[0]!.message).toContain('still running after 60 s')
    expect(r.findings[0]!.message).toContain('via P2P/CUMEM/read')
    expect(r.summary).toBe('2 GPUs: the NCCL all-reduce did not complete: NCCL all-reduce still running after 60 s')
  })

  it('no peer access on a PCIe switch in a VM: P2P unavailable, with the VM and the IOMMU checked; slow copies named', () => {
    const pix = { ...topo, link: [['X', 'PIX'], ['PIX', 'X']] }
    const w = links({ peerAccess: [[true, false], [false, true]], copies: [{ from: 0, to: 1, GBps: 9.8 }, { from: 1, to: 0, GBps: 9.9 }], platform: { hypervisor: true, dmiProduct: 'KVM', iommuGroups: 42, kernelCmdline: 'intel_iommu=on', cpus: [0, 1] } }, { result: { rank: 0, bytes: 1, ms: 1, algbwGBps: 9, busbwGBps: 9 }, debugLines: SHM_LINES.slice(1) })
    const r = gpuLinksStep(inputs(w, facts({ topo: pix, nvlink: [] })))
    expect(ids(r)).toEqual(expect.arrayContaining(['p2p-unavailable', 'p2p-copy-slow', 'links-slower-than-topology']))
    const p2p = r.findings.find((f) => f.id === 'p2p-unavailable')!
    expect(p2p.message).toContain('0→1 (PIX), 1→0 (PIX)')
    expect(p2p.message).toContain('virtual machine yes (KVM); 42 IOMMU groups, kernel command line: intel_iommu=on')
    // PCIe Gen5 x16 both ends: 63 GB/s per direction.
    expect(r.evidence.pairs![0]!.expectedGBps).toBeCloseTo(63.0, 0)
    // No peer access: NCCL through SHM is what it can do, not a fallback to warn about.
    expect(ids(r)).not.toContain('nccl-fell-back')
  })

  it('an NVLink link down and GPUs on CPUs the process cannot use', () => {
    const all = (active: number, inactive: number) => [...Array(active + inactive).keys()].map((link) => ({ link, GBps: link < active ? 26.562 : null }))
    const w = links({ platform: { hypervisor: false, dmiProduct: null, iommuGroups: 0, kernelCmdline: null, cpus: [40, 41, 42, 43] } })
    const r = gpuLinksStep(inputs(w, facts({ nvlink: [{ gpu: 0, links: all(18, 0) }, { gpu: 1, links: all(16, 2) }] })))
    expect(r.findings.find((f) => f.id === 'nvlink-link-down')!.params).toMatchObject({ gpu: 1, inactive: 2, active: 16 })
    expect(r.findings.find((f) => f.id === 'gpu-numa-mismatch')!.message).toContain('it runs on CPUs 40-43')
  })

  it('CUDA_VISIBLE_DEVICES=1,0: pairs are named by nvidia-smi\'s numbers through the UUIDs', () => {
    const r = gpuLinksStep(inputs(links({ uuids: [UUIDS[1]!, UUIDS[0]!] }), facts(), { CUDA_VISIBLE_DEVICES: '1,0' }))
    expect(r.evidence.gpus!.map((g) => [g.index, g.cudaOrdinal])).toEqual([
      [1, 0],
      [0, 1],
    ])
    expect(r.evidence.pairs![0]).toMatchObject({ from: 1, to: 0, link: 'NV18' })
  })

  it('one GPU: skipped, saying why', () => {
    const r = gpuLinksStep(inputs({ skipped: 'one GPU visible to PyTorch' }, null))
    expect(r).toMatchObject({ status: 'skip', summaryKey: 'skip.oneGpu' })
  })

  it('reads NCCL\'s transports from its channel lines', () => {
    expect(ncclTransports([...P2P_LINES, ...SHM_LINES, 'x NCCL INFO Channel 02/0 : 0[0] -> 1[1] via NET/Socket/0'])).toEqual(['P2P', 'SHM', 'NET/Socket'])
  })
})
