import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { ProbeReportSchema } from '../../../../src/shared/probe'

// The probe's memory workload run for real in Debian's python3 against a stand-in torch whose copies
// advance a simulated GPU clock at set rates: what the probe reports is bytes over the events' time,
// a device copy counting the bytes read and the bytes written, the median of its repetitions.
const PROBE = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname

const FAKE_TORCH = `
import types, contextlib
clock = [0.0]
GBPS = {"d2d": 2000.0, "h2d-pinned": 50.0, "d2h-pinned": 40.0, "h2d-pageable": 10.0, "d2h-pageable": 8.0}
class T:
    def __init__(self, n, where):
        self.n, self.where = n, where
    def copy_(self, other, non_blocking=False):
        kind = "d2d" if self.where == "gpu" and other.where == "gpu" else ("h2d" if self.where == "gpu" else "d2h") + "-" + (other.where if self.where == "gpu" else self.where)
        clock[0] += self.n / (GBPS[kind] * 1e9)  # the simulated GPU time of one copy, s
        return self
def empty(n, dtype=None, device=None, pin_memory=False):
    return T(n, "gpu" if device else ("pinned" if pin_memory else "pageable"))
class Event:
    def __init__(self, enable_timing=False): self.at = None
    def record(self): self.at = clock[0]
    def synchronize(self): pass
    def elapsed_time(self, end): return (end.at - self.at) * 1000.0
FREE = [80 << 30]
cuda = types.SimpleNamespace(Event=Event, synchronize=lambda o=None: None, device=lambda o: contextlib.nullcontext(), mem_get_info=lambda o: (FREE[0], 80 << 30),
    get_device_properties=lambda o: types.SimpleNamespace(uuid="fake-%d" % o, pci_domain_id=0, pci_bus_id=0xfe, pci_device_id=0x1f))
torch = types.SimpleNamespace(empty=empty, empty_like=lambda t: T(t.n, t.where), uint8="uint8", cuda=cuda)
`

function memoryWorkload(ordinals: number[], freeBytes = 80 * 2 ** 30): unknown {
  const code = `import importlib.util as u, json\ns = u.spec_from_file_location("p", ${JSON.stringify(PROBE)})\np = u.module_from_spec(s)\ns.loader.exec_module(p)\n${FAKE_TORCH}\nFREE[0] = ${freeBytes}\nprint(json.dumps(p.memory_workload(torch, ${JSON.stringify(ordinals)})))`
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', code], { env: { PATH: process.env.PATH ?? '' }, timeout: 60_000, encoding: 'utf8' }).trim())
}

describe("the probe's memory workload (step 4)", () => {
  it('reports each GPU\'s device copy as bytes read plus written per second, and the four host copies, as the report schema reads them', () => {
    const got = memoryWorkload([0, 1]) as { perGpu: Array<Record<string, { GBps: number }>> }
    const w = ProbeReportSchema.parse({ schemaVersion: 1, probeVersion: '1.9.0', errors: [], warnings: [], env: {}, workloads: { memory: got } }).workloads!.memory!
    if (!('perGpu' in w)) throw new Error('no figures')
    expect(w.perGpu.map((g) => g.index)).toEqual([0, 1])
    const g = w.perGpu[0]!
    // A copy of N bytes at 2,000 GB/s moves 2N bytes (read + write) in N / 2,000 GB/s: 4,000 GB/s.
    expect(g.deviceCopy!.GBps).toBeCloseTo(4000, 3)
    expect(g.h2dPinned!.GBps).toBeCloseTo(50, 3)
    expect(g.d2hPinned!.GBps).toBeCloseTo(40, 3)
    expect(g.h2dPageable!.GBps).toBeCloseTo(10, 3)
    expect(g.d2hPageable!.GBps).toBeCloseTo(8, 3)
    expect(w).toMatchObject({ deviceCopyBytes: 1 << 30, hostCopyBytes: 256 << 20, reps: 5 })
    // No such PCI device here: the link is unknown, not a guess.
    expect(g.pcie).toBeNull()
  })

  it('a GPU with 2 GiB free copies 512 MiB instead of failing, and says so', () => {
    const got = memoryWorkload([0], 2 * 2 ** 30) as { perGpu: Array<{ deviceCopy: { GBps: number; bytes: number }; error?: string }> }
    expect(got.perGpu[0]!.error).toBeUndefined()
    expect(got.perGpu[0]!.deviceCopy).toMatchObject({ bytes: 512 * 2 ** 20 })
    expect(got.perGpu[0]!.deviceCopy.GBps).toBeCloseTo(4000, 3)
  })
})
