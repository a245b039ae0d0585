#!/usr/bin/env python3
"""Reference Conv2d timings with torch.utils.benchmark (Timer.blocked_autorange, >= 1 s each), the same
shapes, dtypes and cuDNN flags as the probe's conv workload, then the probe's own conv workload three
times, side by side. Usage: conv-reference.py PATH/TO/gpu_doctor_probe.py  -> one JSON on stdout."""
import importlib.util, json, sys
import torch
from torch.utils import benchmark

spec = importlib.util.spec_from_file_location("probe", sys.argv[1])
probe = importlib.util.module_from_spec(spec); spec.loader.exec_module(probe)

CASES = {
    "seed": dict(n=32, cin=3, cout=64, hw=224, k=3, pad=0, dtype=torch.float32, cl=False, benchmark=False),
    "representative": dict(n=64, cin=256, cout=256, hw=56, k=3, pad=1, dtype=torch.float16, cl=True, benchmark=True),
}

def reference(c, cudnn_on):
    x = torch.randn(c["n"], c["cin"], c["hw"], c["hw"], device="cuda", dtype=c["dtype"])
    conv = torch.nn.Conv2d(c["cin"], c["cout"], c["k"], padding=c["pad"]).to("cuda", c["dtype"])
    if c["cl"]:
        x = x.to(memory_format=torch.channels_last); conv = conv.to(memory_format=torch.channels_last)
    with torch.backends.cudnn.flags(enabled=cudnn_on, benchmark=c["benchmark"], deterministic=False), torch.no_grad():
        for _ in range(5): conv(x)
        torch.cuda.synchronize()
        m = benchmark.Timer(stmt="conv(x)", globals={"conv": conv, "x": x}).blocked_autorange(min_run_time=1.0)
    return m.median * 1000.0

ref = {name: {"on": reference(c, True), "off": reference(c, False)} for name, c in CASES.items()}
runs = []
for _ in range(3):
    w = probe.conv_workload(torch, False)
    runs.append({name: {"on": w[name]["on"]["ms"], "off": w[name]["off"]["ms"],
                        "spread": {k: w[name][k].get("spreadPercent") for k in ("on", "off")}} for name in CASES})
out = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "reference": ref, "probeRuns": runs, "deviation": {}}
for name in CASES:
    for side in ("on", "off"):
        vals = [r[name][side] for r in runs]
        out["deviation"]["%s.%s" % (name, side)] = {
            "refMs": round(ref[name][side], 4),
            "probeMs": [round(v, 4) for v in vals],
            "maxDeviationPercent": round(max(abs(v / ref[name][side] - 1) for v in vals) * 100, 2),
            "runToRunSpreadPercent": round((max(vals) - min(vals)) / min(vals) * 100, 2),
        }
print(json.dumps(out, indent=1))
