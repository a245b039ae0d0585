#!/usr/bin/env python3
"""Summary of a verification folder (verify-speed-and-links.sh): per diagnosis the steps, findings and
per-GPU figures; wall-time medians; where the probe spends its time; step 5 against torch.utils.benchmark."""
import glob
import json
import os
import re
import statistics
import sys

out = sys.argv[1]
walls_text = open(os.path.join(out, "walls.txt")).read() if os.path.exists(os.path.join(out, "walls.txt")) else ""
print("== per diagnosis")
for path in sorted(glob.glob(os.path.join(out, "*.json"))):
    name = os.path.basename(path)[:-5]
    if name in ("conv-agreement", "watch-ddp", "probe-alone"):
        continue
    try:
        d = json.load(open(path))
    except Exception as exc:
        print("\n#", name, "unreadable:", exc)
        continue
    print("\n#", name, "probe %.2f s" % (d.get("environment", {}).get("probeSeconds") or 0))
    for s in d.get("steps", []):
        print("  %-15s %-4s %5.2f s  %s" % (s["id"], s["status"], s.get("durationMs", 0) / 1000, s["summary"][:260]))
        for f in s.get("findings", []):
            print("      [%s] %s: %s" % (f["severity"], f["id"], f["message"][:300]))
        ev = s.get("evidence", {})
        if s["id"] == "gpu-links":
            n = ev.get("nccl") or {}
            print("      NCCL busbw %s GB/s via %s over %s all-reduces errors=%s" % (n.get("busbwGBps") and round(n["busbwGBps"], 1), n.get("transports"), n.get("iterations", 10), n.get("errors")))
            if n.get("phasesS"):
                print("      NCCL rank 0 phases (s): %s" % ", ".join("%s %.2f" % (k, v) for k, v in n["phasesS"].items()))

print("\n== wall times (ms)")
groups = {}
for name, ms in re.findall(r"^(\S+?)(?:-\d)? exit \d+ wall (\d+) ms", walls_text, re.M):
    groups.setdefault(name, []).append(int(ms) / 1000)
for name, values in groups.items():
    print("  %-22s median %.2f s of %s" % (name, statistics.median(values), values))
if "one-gpu" in groups:
    for name in groups:
        if name.startswith("all-gpus-"):
            print("  %s / one GPU: %.2f" % (name, statistics.median(groups[name]) / statistics.median(groups["one-gpu"])))
if "one-gpu" in groups and "all-gpus" in groups:
    one = statistics.median(groups["one-gpu"])
    print("  all GPUs / one GPU: %.2f" % (statistics.median(groups["all-gpus"]) / one))
    if "all-gpus-no-links" in groups:
        print("  all GPUs without step 6 / one GPU: %.2f" % (statistics.median(groups["all-gpus-no-links"]) / one))
for line in walls_text.splitlines():
    if not re.search(r" exit \d+ wall ", line):
        print("  " + line)

stderr = os.path.join(out, "probe-alone.stderr")
if os.path.exists(stderr):
    spawned = re.search(r"probe alone \(1 GPU\) spawned at (\d+) ms", walls_text)
    marks = [json.loads(l.split(" ", 1)[1]) for l in open(stderr) if l.startswith("GPU_DOCTOR_PROGRESS ")]
    print("\n== the probe alone, one GPU: seconds from spawn to each stage")
    t0 = int(spawned.group(1)) if spawned else (marks[0]["t"] if marks else 0)
    for m in marks:
        print("  %-22s %.2f" % (m["stage"], (m["t"] - t0) / 1000))
    try:
        d = json.load(open(os.path.join(out, "probe-alone.json")))
        print("  import torch (probe's own clock): %.2f s" % d["torch"]["importS"])
    except Exception as exc:
        print("  probe-alone.json:", exc)

for i in (1, 2):
    p = os.path.join(out, "importtime-%d.txt" % i)
    if not os.path.exists(p):
        continue
    rows = []
    for l in open(p):
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", l)
        if m:
            rows.append((int(m.group(2)), len(m.group(3)), m.group(4)))
    print("\n== python -X importtime -c 'import torch', run %d: top-level and largest cumulative (ms)" % i)
    for cum, depth, mod in sorted(rows, reverse=True)[:14]:
        print("  %8.1f  %s%s" % (cum / 1000, " " * (depth - 1), mod))

agreement = os.path.join(out, "conv-agreement.json")
if os.path.exists(agreement):
    a = json.load(open(agreement))
    print("\n== step 5 vs torch.utils.benchmark on", a["device"], "reference ms", json.dumps(a["reference"]))
    for b in a["bySeconds"]:
        print("  warm-up %s s, %s s per case: step 5 %.2f s, max deviation %.2f %%, ms %s" % (b.get("warmupS"), b["convSeconds"], b["stepWallS"], b["maxDeviationPercent"], json.dumps(b["ms"])))
watch = os.path.join(out, "watch-ddp.json")
if os.path.exists(watch):
    print("\n== watch --pid rank 0 of the DDP job:", json.dumps(json.load(open(watch)))[:2500])
