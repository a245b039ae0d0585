import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

// Step 6's ranks start while steps 4 and 5 measure (their torch import overlaps them) and must not load
// a GPU before the probe says prepare. Run for real with Debian's CPU-only torch (/usr/bin/python3, python3-torch): a rank that got "prepare"
// reaches the first thing after it (NCCL, absent from this torch, or CUDA) and fails there, which proves where it waited; ranks never let go are killed.
const PROBE = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname

function python(code: string): string {
  return execFileSync('/usr/bin/python3', ['-c', `import importlib.util as u, json, os, time\ns = u.spec_from_file_location("p", ${JSON.stringify(PROBE)})\np = u.module_from_spec(s)\ns.loader.exec_module(p)\n${code}`], {
    env: { PATH: process.env.PATH ?? '' },
    timeout: 60_000,
    encoding: 'utf8',
  }).trim()
}

describe('the NCCL ranks of step 6, started early', () => {
  it('wait for prepare without loading a GPU, then report what failed at once (not at the deadline), and leave nothing behind', () => {
    const out = JSON.parse(
      python(`
r = p.NcclRanks([0, 1], 60)
time.sleep(3)  # long enough to import torch and reach the wait
waiting = [proc.poll() is None for proc in r.procs]
pids = [proc.pid for proc in r.procs]
started = time.time()
res = r.run()
res["runS"] = time.time() - started
alive = [os.path.exists("/proc/%d" % pid) and open("/proc/%d/stat" % pid).read().split()[2] != "Z" for pid in pids]
print(json.dumps({"waiting": waiting, "result": res, "alive": alive, "tmpGone": not os.path.exists(r.tmp)}))
`),
    ) as { waiting: boolean[]; result: { timedOut: boolean; errors: string[]; result: unknown; runS: number }; alive: boolean[]; tmpGone: boolean }
    expect(out.waiting).toEqual([true, true])
    expect(out.result.timedOut).toBe(false)
    expect(out.result.runS).toBeLessThan(30)
    expect(out.result.result).toBeNull()
    expect(out.result.errors.length).toBeGreaterThan(0)
    expect(out.result.errors.join('\n')).toMatch(/CUDA|cuda|NCCL/)
    expect(out.alive).toEqual([false, false])
    expect(out.tmpGone).toBe(true)
  })

  it('are killed when the probe never lets them go (an earlier step broke CUDA)', () => {
    const out = JSON.parse(
      python(`
r = p.NcclRanks([0, 1], 30)
pids = [proc.pid for proc in r.procs]
time.sleep(0.5)
r.stop(); r.close()
alive = [os.path.exists("/proc/%d" % pid) for pid in pids]
print(json.dumps({"alive": alive, "tmpGone": not os.path.exists(r.tmp)}))
`),
    ) as { alive: boolean[]; tmpGone: boolean }
    expect(out.alive).toEqual([false, false])
    expect(out.tmpGone).toBe(true)
  })

  it('started early from the driver\'s GPU count, are taken only for the same GPUs; otherwise stopped with nothing left behind', () => {
    const out = JSON.parse(
      python(`
import threading
counted = threading.Event(); counted.set()
same = p.EarlyRanks(30, True); same.start(2)
taken = same.take(counted, [0, 1])
other = p.EarlyRanks(30, True); other.start(2)
pids = [proc.pid for proc in other.ranks.procs]
refused = other.take(counted, [1, 0])
time.sleep(0.2)
gone = [not os.path.exists("/proc/%d" % pid) or open("/proc/%d/stat" % pid).read().split()[2] == "Z" for pid in pids]
one = p.EarlyRanks(30, True); one.start(1)
res = {"taken": taken is not None and taken.ordinals == [0, 1], "refused": refused is None, "gone": gone, "oneGpu": one.ranks is None,
       "notWanted": p.EarlyRanks(30, False).take(threading.Event(), [0, 1]) is None}
taken.stop(); taken.close()
print(json.dumps(res))
`),
    ) as { taken: boolean; refused: boolean; gone: boolean[]; oneGpu: boolean; notWanted: boolean }
    expect(out).toEqual({ taken: true, refused: true, gone: [true, true], oneGpu: true, notWanted: true })
  })
})
