"""Step 5 of N diagnose runs and the probe's conv workload against the Timer reference (conv-reference.json)."""
import json, sys, glob
o = sys.argv[1]
ref = json.load(open(o + "/conv-reference.json"))
print("probe conv_workload x3 vs reference:")
for k, v in ref["deviation"].items():
    print("  %-20s ref %.4f ms  probe %s  max dev %.2f%%  spread %.2f%%" % (k, v["refMs"], v["probeMs"], v["maxDeviationPercent"], v["runToRunSpreadPercent"]))
runs = []
for f in sorted(glob.glob(o + "/repeat-*.json")) + glob.glob(o + "/idle.json"):
    d = json.load(open(f))
    c = next(s for s in d["steps"] if s["id"] == "conv-timing")
    if c["evidence"].get("cases"):
        runs.append({x["label"]: x for x in c["evidence"]["cases"]})
print("diagnose step 5 over %d runs vs reference:" % len(runs))
for label, name in (("seed", "seed"), ("representative", "representative")):
    for side, key in (("on", "onMs"), ("off", "offMs")):
        vals = [r[label][key] for r in runs]
        r = ref["reference"][name][side]
        print("  %-20s ref %.4f  min %.4f  max %.4f  max dev %.2f%%  run-to-run spread %.2f%%" % (
            label + "." + side, r, min(vals), max(vals), max(abs(v / r - 1) for v in vals) * 100, (max(vals) - min(vals)) / min(vals) * 100))
