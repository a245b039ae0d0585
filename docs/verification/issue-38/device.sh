#!/bin/bash
# Issue 38 on the GPU machine: step 4's memory and host-copy figures (probe 1.9, `--workload memory`)
# against a plain-torch reference (reference.py) in the same call, and what the new workload adds to
# the probe's time. Needs only the repository and /opt/torch/.venv (torch 2.11 cu130).
# Usage (repository root): bash docs/verification/issue-38/device.sh   (output under $OUT/issue-38)
set -u
C=$(cd "$(dirname "$0")" && pwd)
R=${OUT:-/tmp}/issue-38
mkdir -p "$R"
exec > >(tee -a "$R/device.log") 2>&1
PY=/opt/torch/.venv/bin/python3
PROBE=resources/probe/gpu_doctor_probe.py
step() { printf '\n=== [%4ss] %s\n' "$SECONDS" "$*"; }

step "machine"
nvidia-smi --query-gpu=index,name,driver_version,memory.total,pcie.link.gen.max,pcie.link.width.max,clocks.max.memory --format=csv
$PY -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'

for round in 1 2 3; do
  step "round $round: probe --workload memory, then the reference, back to back"
  $PY $PROBE --no-ldd --workload memory >"$R/probe-memory-$round.json" 2>"$R/probe-memory-$round.stderr"
  $PY "$C/reference.py" >"$R/reference-$round.json" 2>"$R/reference-$round.stderr"
  $PY "$C/compare.py" "$R/probe-memory-$round.json" "$R/reference-$round.json" | tee "$R/compare-$round.txt"
  $PY -c 'import json,sys; d=json.load(open(sys.argv[1])); print("probe elapsed %.2f s, memory workload per GPU: %s s" % (d["elapsedS"], [round(g.get("seconds", 0), 2) for g in d["workloads"]["memory"]["perGpu"]]))' "$R/probe-memory-$round.json"
done

step "what the memory workload adds to a diagnosis's probe (sustained + conv, with and without memory), 3 each"
for round in 1 2 3; do
  for set in "sustained conv" "sustained conv memory"; do
    args=(); for w in $set; do args+=(--workload "$w"); done
    $PY $PROBE --no-ldd "${args[@]}" >"$R/probe-time.json" 2>/dev/null
    $PY -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%-24s elapsed %.2f s" % (sys.argv[2], d["elapsedS"]))' "$R/probe-time.json" "$set"
  done
done
rm -f "$R/probe-time.json"
step "done"
