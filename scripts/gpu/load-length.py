#!/usr/bin/env python3
"""How long step 4 must load a GPU for its TFLOP/s to be the sustained figure.

Each round starts from an idle GPU (GAP seconds asleep), then runs the probe's own step 4 kernel (bf16
matmul 8192x8192, chunks of 20 timed with CUDA events) for the longest length, recording every chunk's
end time. What the probe would report for a shorter --seconds X comes from the chunks that ended by X (the same
loop stops there), so one load answers every length: the mean TFLOP/s it reports against the 4 s load's,
and its two halves' gap (the probe's own throughput_halves). A background nvidia-smi
stream (100 ms) records power, SM clock, clock event reasons and utilisation beside it.
Usage: load-length.py PROBE.py OUT.json [LENGTHS=0.5,0.75,1,1.5,2,4] [ROUNDS=3] [GAP=5] [--json: print the rows as JSON] [--replay CAPTURE.json: analyse an earlier capture, no GPU]
"""
import importlib.util
import json
import subprocess
import sys
import time

import threading

spec = importlib.util.spec_from_file_location("probe", sys.argv[1])
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
out_path = sys.argv[2]  # "-": keep nothing
args = [a for i, a in enumerate(sys.argv) if a not in ("--json", "--replay") and sys.argv[i - 1] != "--replay"]
lengths = [float(s) for s in (args[3] if len(args) > 3 else "0.5,0.75,1,1.5,2,4").split(",")]
rounds = int(args[4]) if len(args) > 4 else 3
gap = float(args[5]) if len(args) > 5 else 5.0

SIZE, CHUNK = 8192, 20
FLOPS = 2.0 * SIZE ** 3 * CHUNK

def measure():
    """Every round's chunks from an idle GPU, and nvidia-smi's samples beside them."""
    import torch
    smi = subprocess.Popen(
        ["nvidia-smi", "-i", "0", "--query-gpu=timestamp,utilization.gpu,power.draw,clocks.sm,clocks_event_reasons.active,temperature.gpu",
         "--format=csv,noheader,nounits", "-lms", "100"],
        stdout=subprocess.PIPE, text=True)
    samples = []

    def reader():
        for line in smi.stdout:
            samples.append((time.time(), line.strip()))

    threading.Thread(target=reader, daemon=True).start()
    a = torch.randn(SIZE, SIZE, device="cuda:0", dtype=torch.bfloat16)
    a @ a
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    loads = []
    for r in range(rounds):
        time.sleep(gap)
        began = time.time()
        chunks = []
        while time.time() - began < max(lengths):
            start.record()
            for _ in range(CHUNK):
                a @ a
            end.record()
            torch.cuda.synchronize()
            chunks.append((time.time() - began, FLOPS / (start.elapsed_time(end) / 1000.0) / 1e12))
        loads.append({"round": r, "startedAt": began, "chunks": chunks})
    time.sleep(0.3)
    smi.terminate()
    smi.wait(timeout=5)
    return {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "loads": loads, "samples": samples}


def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]


def spread(xs):
    s = sorted(xs)
    m = median(s)
    return (s[-1 - len(s) // 10] - s[len(s) // 10]) / m * 100.0


def analyse(loads, samples):
    """Per round and length: what the probe would report, and what nvidia-smi saw in step 4's sampling window."""
    rows = []
    for load in loads:
        longest = median([t for _, t in load["chunks"]])
        longest_mean = len(load["chunks"]) * FLOPS / sum(FLOPS / (t * 1e12) for _, t in load["chunks"]) / 1e12
        for x in lengths:
            got = [t for at, t in load["chunks"] if at <= x]
            # What step 4 reads: samples 0.5 s after the load started, until it ends.
            window = [s for at, s in samples if load["startedAt"] + 0.5 <= at <= load["startedAt"] + x]
            fields = [w.split(", ") for w in window]
            util = [float(f[1]) for f in fields if len(f) > 5 and f[1].replace(".", "").isdigit()]
            power = [float(f[2]) for f in fields if len(f) > 5 and f[2].replace(".", "").isdigit()]
            reasons = [f[4] for f in fields if len(f) > 5]
            kept = [(at, FLOPS / (t * 1e12)) for at, t in load["chunks"] if at <= x]
            halves = probe.throughput_halves([at for at, _ in kept], [s for _, s in kept], FLOPS, x).get("halvesPercent")
            mean = len(kept) * FLOPS / sum(s for _, s in kept) / 1e12
            rows.append({"round": load["round"], "seconds": x, "chunks": len(got), "tflops": round(median(got), 1),
                         "meanTflops": round(mean, 1), "meanVsLongestPercent": round((mean / longest_mean - 1) * 100, 2),
                         "halvesPercent": round(halves, 2) if halves is not None else None,
                         "spreadPercent": round(spread(got), 2), "vsLongestPercent": round((median(got) / longest - 1) * 100, 2),
                         "smSamples": len(util), "smMean": round(sum(util) / len(util), 1) if util else None,
                         "powerMeanW": round(sum(power) / len(power), 1) if power else None,
                         "lastReasons": reasons[-1] if reasons else None})
    return rows


replay = next((sys.argv[i + 1] for i, a in enumerate(sys.argv) if a == "--replay" and i + 1 < len(sys.argv)), None)
run = json.load(open(replay)) if replay else measure()
rows = analyse(run["loads"], run["samples"])
if out_path != "-":
    with open(out_path, "w") as fh:
        json.dump(dict(run, lengths=lengths, gap=gap, rows=rows), fh)
if "--json" in sys.argv:
    print(json.dumps({"device": run["device"], "rows": rows}))
    sys.exit(0)
print("%-6s %-7s %-7s %-8s %-8s %-8s %-8s %-7s %-8s %s" % ("round", "seconds", "chunks", "TFLOP/s", "spread%", "mean-vs4", "halves%", "smN", "powerW", "reasons"))
for r in rows:
    print("%-6d %-7.2f %-7d %-8.1f %-8.2f %-8.2f %-8s %-7s %-8s %s" % (r["round"], r["seconds"], r["chunks"], r["meanTflops"], r["spreadPercent"],
                                                                   r["meanVsLongestPercent"], r["halvesPercent"], r["smSamples"], r["powerMeanW"], r["lastReasons"]))
