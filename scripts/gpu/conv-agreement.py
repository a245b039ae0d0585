#!/usr/bin/env python3
"""How short step 5's timing can be and still agree with torch.utils.benchmark.

Reference: Timer.blocked_autorange(min_run_time=1.0), median, same shapes, dtypes and cuDNN flags as the
probe's conv workload. Then the probe's own conv workload, RUNS times at each --conv-seconds value.
Usage: conv-agreement.py PATH/TO/gpu_doctor_probe.py [SECONDS,SECONDS,...] [RUNS]  -> one JSON on stdout.
CONV_WARMUPS=0.25,0.1 also varies the probe's warm-up before each case (default: the probe's own).
"""
import os
import importlib.util
import json
import sys
import time

import torch
from torch.utils import benchmark

spec = importlib.util.spec_from_file_location("probe", sys.argv[1])
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
seconds_list = [float(s) for s in (sys.argv[2] if len(sys.argv) > 2 else "0.1,0.25,0.5,1.0").split(",")]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3


def reference(shape_of, bench, cudnn_on):
    c = shape_of(torch)
    x = torch.randn(c["n"], c["cin"], c["hw"], c["hw"], device="cuda", dtype=c["dtype"])
    conv = torch.nn.Conv2d(c["cin"], c["cout"], c["k"], padding=c["pad"]).to("cuda", c["dtype"])
    if c["channels_last"]:
        x = x.to(memory_format=torch.channels_last)
        conv = conv.to(memory_format=torch.channels_last)
    with torch.backends.cudnn.flags(enabled=cudnn_on, benchmark=bench, deterministic=False), torch.no_grad():
        for _ in range(5):
            conv(x)
        torch.cuda.synchronize()
        m = benchmark.Timer(stmt="conv(x)", globals={"conv": conv, "x": x}).blocked_autorange(min_run_time=1.0)
    return m.median * 1000.0


ref = {}
for name, _shape, bench, shape_of in probe.CONV_CASES:
    ref[name] = {"on": reference(shape_of, bench, True), "off": reference(shape_of, bench, False)}
out = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "reference": ref, "bySeconds": []}
warmups = [float(w) for w in os.environ.get("CONV_WARMUPS", str(probe.CONV_WARMUP_SECONDS)).split(",")]
for warmup, seconds in [(w, s) for w in warmups for s in seconds_list]:
    probe.CONV_WARMUP_SECONDS = warmup
    walls, worst, values = [], 0.0, {}
    for _ in range(runs):
        started = time.time()
        w = probe.conv_workload(torch, False, seconds)
        walls.append(time.time() - started)
        for name in ref:
            for side in ("on", "off"):
                v = w[name][side]["ms"]
                values.setdefault("%s.%s" % (name, side), []).append(round(v, 4))
                worst = max(worst, abs(v / ref[name][side] - 1) * 100)
    out["bySeconds"].append({"warmupS": warmup, "convSeconds": seconds, "stepWallS": sorted(walls)[len(walls) // 2], "maxDeviationPercent": round(worst, 2), "ms": values})
print(json.dumps(out, indent=1))
