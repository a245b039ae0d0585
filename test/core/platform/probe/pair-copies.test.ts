import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

// Step 6's per-pair P2P copies at 8 GPUs (56 ordered pairs): from 4 GPUs on, in rounds of disjoint pairs
// that run together; a pair well below the others measured again alone. Run for real against a stand-in
// torch whose copies take the time a given rate says (no GPU here): the schedule, the timing by CUDA
// events per pair, and which figure is reported.
const PROBE = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname

function python(body: string): unknown {
  const code = `import importlib.util as u, json, types
s = u.spec_from_file_location("p", ${JSON.stringify(PROBE)})
p = u.module_from_spec(s)
s.loader.exec_module(p)
${body}`
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', code], { env: { PATH: process.env.PATH ?? '' }, timeout: 30_000, encoding: 'utf8' }))
}

type Rounds = Array<Array<[number, number]>>

const FAKE_TORCH = `
SIZE = 128 * 1024 * 1024
# GB/s of a copy while its round runs, and alone: 0<->4 share a path (slow together, fast alone), 2->3 is slow either way.
def rate(a, b, alone):
    if (a, b) in ((0, 4), (4, 0)): return 360.0 if alone else 100.0
    if (a, b) == (2, 3): return 50.0
    return 370.0
clock = [0.0]
log = []
class Tensor:
    def __init__(self, dev): self.dev = dev
    def copy_(self, src, non_blocking=False):
        log.append((src.dev, self.dev))
        clock[0] += SIZE / (rate(src.dev, self.dev, True) * 1e9)
class Event:
    def __init__(self, enable_timing=False): self.at = None
    def record(self, stream=None): self.at = len(log)
    def elapsed_time(self, end): return sum(SIZE / (rate(a, b, False) * 1e9) for a, b in log[self.at:end.at]) * 1000.0
class Ctx:
    def __enter__(self): return self
    def __exit__(self, *a): return False
cuda = types.SimpleNamespace(Stream=lambda device=None: device, Event=Event, device=lambda d: Ctx(), stream=lambda s: Ctx(), synchronize=lambda d=None: None)
torch = types.SimpleNamespace(cuda=cuda, uint8="uint8", empty=lambda n, dtype=None, device="cuda:0": Tensor(int(device.split(":")[1])))
p.time = types.SimpleNamespace(time=lambda: clock[0])
`

describe('the pairwise copies on many GPUs', () => {
  it('covers every ordered pair once, in rounds where no GPU is in two copies: 14 rounds of 4 at 8 GPUs', () => {
    const rounds = python('print(json.dumps({n: p.copy_rounds(list(range(n))) for n in range(2, 9)}))') as Record<string, Rounds>
    for (const [n, r] of Object.entries(rounds).map(([k, v]) => [Number(k), v] as const)) {
      const pairs = r.flat().map(([a, b]) => `${a}>${b}`)
      expect(new Set(pairs).size).toBe(n * (n - 1))
      expect(pairs.length).toBe(n * (n - 1))
      for (const round of r) expect(new Set(round.flat()).size).toBe(round.length * 2)
    }
    expect(rounds['8']!.length).toBe(14)
    expect(rounds['8']!.every((round) => round.length === 4)).toBe(true)
  })

  it('8 GPUs: 56 copies in 14 concurrent rounds; a pair slow only alongside others is reported alone, a slow pair stays slow', () => {
    const r = python(`${FAKE_TORCH}
copies, mode = p.measure_copies(torch, list(range(8)), SIZE)
print(json.dumps({"copies": copies, "mode": mode}))`) as { copies: Array<{ from: number; to: number; GBps: number; alone?: boolean }>; mode: Record<string, number | string> }
    expect(r.mode).toEqual({ mode: 'concurrent', rounds: 14, pairsPerRound: 4, measuredAlone: 3 })
    expect(r.copies.map((c) => `${c.from}>${c.to}`)).toEqual([...Array(8).keys()].flatMap((a) => [...Array(8).keys()].filter((b) => b !== a).map((b) => `${a}>${b}`)))
    const at = (a: number, b: number) => r.copies.find((c) => c.from === a && c.to === b)!
    expect(Math.round(at(0, 1).GBps)).toBe(370)
    expect(at(0, 1).alone).toBeUndefined()
    expect(at(0, 4)).toMatchObject({ alone: true })
    expect(Math.round(at(0, 4).GBps)).toBe(360)
    expect(Math.round(at(2, 3).GBps)).toBe(50)
  })

  it('2 and 3 GPUs: one pair at a time, as before', () => {
    const r = python(`${FAKE_TORCH}
print(json.dumps([p.measure_copies(torch, list(range(n)), SIZE)[1] for n in (2, 3)]))`)
    expect(r).toEqual([
      { mode: 'sequential', rounds: 2 },
      { mode: 'sequential', rounds: 6 },
    ])
  })
})
