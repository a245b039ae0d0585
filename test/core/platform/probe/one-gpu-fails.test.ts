import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

// The probe's own logic when one GPU fails step 1's exercise: cuda_facts and workload_gpus run for real
// against a stand-in torch whose GPU 1 raises CUDA's out-of-memory error at its context, as a 2×H200 did
// with another process holding 139.8 of 140.4 GiB (docs/verification/off-script-h200-x2).
const PROBE = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname
const OOM = 'CUDA error: out of memory'

function probeWith(failing: number[], count: number, gpus: string | null): { cuda: { initError: string | null; devices: Array<{ index: number; exercise: { ok: boolean; failedCall: string | null } }> }; ordinals: number[] | null; problem: string | null; leftOut: Array<{ index: number; failedCall: string; error: string }> } {
  const code = `
import importlib.util as u, json, types
s = u.spec_from_file_location("p", ${JSON.stringify(PROBE)})
p = u.module_from_spec(s)
s.loader.exec_module(p)
FAILING, COUNT = ${JSON.stringify(failing)}, ${count}
class T:
    def __init__(self, n): self.n = n; self.v = 0.0
    def fill_(self, v): self.v = v
    def add_(self, v): self.v += v
    def sum(self): return types.SimpleNamespace(item=lambda: self.v * self.n)
class Props:
    def __init__(self, i): self.name, self.major, self.minor, self.total_memory, self.multi_processor_count, self.uuid = "NVIDIA H200", 9, 0, 150109880320, 132, "uuid-%d" % i
class AcceleratorError(RuntimeError): pass
def set_device(d):
    if getattr(d, "index", d) in FAILING: raise AcceleratorError(${JSON.stringify(OOM)})
cuda = types.SimpleNamespace(is_available=lambda: True, get_arch_list=lambda: ["sm_90"], device_count=lambda: COUNT,
    get_device_properties=Props, set_device=set_device, synchronize=lambda d=None: None,
    mem_get_info=lambda d=None: (1 << 30, 2 << 30), empty_cache=lambda: None)
torch = types.SimpleNamespace(cuda=cuda, float32="float32", device=lambda kind, i: types.SimpleNamespace(type=kind, index=i),
    empty=lambda n, dtype=None, device=None: T(n), _C=types.SimpleNamespace(_cuda_getDriverVersion=lambda: 13000))
probe = p.Probe()
facts = p.cuda_facts(torch, probe)
ordinals, problem, left = p.workload_gpus(torch, ${gpus === null ? "None" : JSON.stringify(gpus)}, facts)
print(json.dumps({"cuda": facts, "ordinals": ordinals, "problem": problem, "leftOut": left}))
`
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', code], { env: { PATH: process.env.PATH ?? '' }, timeout: 30_000, encoding: 'utf8' })) as ReturnType<typeof probeWith>
}

describe('one GPU that fails its exercise stops only itself', () => {
  it('GPU 1 out of memory: CUDA still works, steps 4–6 load GPU 0, and GPU 1 is named with the failed call and error', () => {
    const r = probeWith([1], 2, null)
    expect(r.cuda.initError).toBeNull()
    expect(r.cuda.devices.map((d) => d.exercise.ok)).toEqual([true, false])
    expect(r.ordinals).toEqual([0])
    expect(r.problem).toBeNull()
    expect(r.leftOut).toEqual([{ index: 1, failedCall: 'torch.cuda.set_device(1) (context)', error: `AcceleratorError: ${OOM}` }])
  })

  it('on 8 GPUs with GPU 3 full, the other seven are loaded', () => {
    const r = probeWith([3], 8, null)
    expect(r.ordinals).toEqual([0, 1, 2, 4, 5, 6, 7])
    expect(r.leftOut.map((u) => u.index)).toEqual([3])
  })

  it('--gpus naming only the failed GPU says so instead of loading nothing silently', () => {
    const r = probeWith([1], 2, '1')
    expect(r.ordinals).toEqual([])
    expect(r.problem).toBe('every GPU chosen failed in step 1: cuda:1')
  })

  it('a GPU left out by --gpus is not reported as unmeasured', () => {
    const r = probeWith([1], 2, '0')
    expect(r.ordinals).toEqual([0])
    expect(r.leftOut).toEqual([])
  })

  it('every GPU failing is still CUDA failing (step 1 quotes the error; steps 4–6 skip)', () => {
    const r = probeWith([0, 1], 2, null)
    expect(r.cuda.initError).toBe(`AcceleratorError: ${OOM}`)
  })
})
