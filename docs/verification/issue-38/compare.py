"""Issue 38: the probe's step-4 memory figures against reference.py's, GPU by GPU; exit 1 if any differs by more than 5 %.

Usage: python3 compare.py probe.json reference.json
"""
import json
import sys

KEYS = (("deviceCopy", "deviceCopyGBps"), ("h2dPinned", "h2dPinnedGBps"), ("d2hPinned", "d2hPinnedGBps"),
        ("h2dPageable", "h2dPageableGBps"), ("d2hPageable", "d2hPageableGBps"))

probe = json.load(open(sys.argv[1]))
reference = json.load(open(sys.argv[2]))
memory = (probe.get("workloads") or {}).get("memory") or {}
worst = 0.0
for p in memory.get("perGpu", []):
    r = next((x for x in reference["perGpu"] if x["index"] == p["index"]), None)
    if r is None or "error" in p:
        print("GPU %s: %s" % (p["index"], p.get("error", "no reference figure")))
        worst = float("inf")
        continue
    print("GPU %d %s  PCIe %s" % (p["index"], r["name"], p.get("pcie")))
    for pk, rk in KEYS:
        a, b = p[pk]["GBps"], r[rk]
        gap = (a - b) / b * 100.0
        worst = max(worst, abs(gap))
        print("  %-12s probe %9.1f GB/s  reference %9.1f GB/s  %+5.1f %%  (probe min %.1f max %.1f)" % (pk, a, b, gap, p[pk]["minGBps"], p[pk]["maxGBps"]))
print("largest gap %.1f %% -> %s" % (worst, "PASS (within 5 %)" if worst <= 5.0 else "FAIL"))
sys.exit(0 if worst <= 5.0 else 1)
