#!/bin/bash
# Issue 41 item 1 on a machine of 2 or more GPUs (nvidia-h100-x2 / nvidia-h200-x2; /opt/torch/.venv,
# no network): another process holds nearly all of GPU 1's memory (scripts/gpu/memory-filler.py), and
# GPU Doctor diagnoses the machine. Wanted: step 1 fails naming GPU 1 and its holder; steps 4 and 5
# measure GPU 0 (and any other free GPU) and say `gpu-not-measured` for GPU 1 with the failed call and
# `--gpus 0`; step 6 skips on 2 GPUs ("one usable GPU") or measures the others on more. Then the
# suggested `--gpus 0` run, the probe's own output (probe 1.9: "unmeasured"), and the filler released.
# Before it: the lead packs Node.js with /work/shared/tools/pack-node.sh and builds the CLI
# (node scripts/build-cli.mjs), then runs with carry [".carry", "out/cli"]:
#   bash docs/verification/issue-41/device.sh        (output under $OUT/issue-41, about 3 minutes; with 4+ GPUs
#   also step 6 in rounds against one pair at a time, about 2 more)
set -u
R=$OUT/issue-41
mkdir -p "$R"
exec > >(tee -a "$R/device.log") 2>&1
step() { printf '\n=== [%4ss] %s\n' "$SECONDS" "$*"; }
py=/opt/torch/.venv/bin/python3
export NCCL_NVLS_ENABLE=0   # these machines require NVLink multicast off
filler=

release() {
  [ -n "$filler" ] || return 0
  kill "$filler" 2>/dev/null; wait "$filler" 2>/dev/null; filler=
}
trap release EXIT

# diag NAME [ENV...] -- [ARGS...]: one `gpu-doctor diagnose --json` into NAME.json, its exit and wall time.
diag() {
  local name=$1; shift
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  local t0; t0=$(date +%s%N)
  timeout 150 env GPU_DOCTOR_LANG=en "${envs[@]}" node out/cli/gpu-doctor.cjs diagnose --python "$py" --json --no-save --no-wait "$@" >"$R/$name.json" 2>"$R/$name.stderr"
  echo "$name exit $? wall $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$R/walls.txt"
}

# What each step said and its findings (ids, and gpu-not-measured's message and fix in full).
verdict() {
  "$py" - "$R/$1.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for s in d["steps"]:
    print("%-15s %-4s %s" % (s["id"], s["status"], s["summary"][:300]))
    for f in s["findings"]:
        print("    %s %s" % (f["severity"], f["id"]))
        if f["id"] == "gpu-not-measured":
            print("      " + f["message"]); print("      fix: " + f["fix"])
    per = (s.get("evidence") or {}).get("perGpu") or []
    if per and "tflops" in per[0]:
        print("    measured: " + ", ".join("GPU %s %.0f TFLOP/s" % (g["index"], g["tflops"]) for g in per))
PY
}

step "machine"
mkdir -p /tmp/nb && xz -d -c .carry/node.xz >/tmp/nb/node && chmod +x /tmp/nb/node && export PATH=/tmp/nb:$PATH
node -v; git log --oneline -1 2>/dev/null || true
nvidia-smi --query-gpu=index,name,driver_version,uuid,memory.used,memory.total --format=csv | tee "$R/gpus.txt"
"$py" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "gpus", torch.cuda.device_count())'
[ "$(nvidia-smi -L | wc -l)" -ge 2 ] || { echo "needs 2 or more GPUs"; exit 2; }

step "baseline: every GPU idle"
diag idle
verdict idle

step "GPU 1's memory held by another process"
CUDA_VISIBLE_DEVICES=1 "$py" scripts/gpu/memory-filler.py >"$R/filler.txt" 2>&1 & filler=$!
for _ in $(seq 600); do grep -q ready "$R/filler.txt" 2>/dev/null && break; sleep 0.1; done
cat "$R/filler.txt"
nvidia-smi --query-gpu=index,memory.used,memory.total --format=csv | tee "$R/filler-smi.txt"
nvidia-smi --query-compute-apps=gpu_uuid,pid,process_name,used_memory --format=csv | tee -a "$R/filler-smi.txt"

diag gpu1-full
verdict gpu1-full
# The same run as a person reads it, in both languages (the verdict, the findings' texts and fixes).
for lang in en zh-CN; do
  timeout 150 node out/cli/gpu-doctor.cjs diagnose --python "$py" --no-save --no-wait --lang $lang >"$R/gpu1-full-$lang.txt" 2>&1
  echo "gpu1-full-$lang exit $?"
done
grep -n -i -E "GPU 1|not measured|未被测量|--gpus" "$R/gpu1-full-en.txt" "$R/gpu1-full-zh-CN.txt" | head -40

step "what the finding says to run: --gpus 0"
diag gpu1-full-gpus0 -- --gpus 0
verdict gpu1-full-gpus0

step "the probe alone (raw output, for a fixture)"
timeout 150 "$py" resources/probe/gpu_doctor_probe.py --workload sustained --workload conv --workload links >"$R/probe-gpu1-full.json" 2>"$R/probe-gpu1-full.stderr"
echo "probe exit $?"
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); print("probe", d.get("probeVersion"), "initError", repr((d.get("cuda") or {}).get("initError")), "unmeasured", json.dumps(d.get("unmeasured"))[:400]); print({k: ("skipped" if "skipped" in v else "error" if "error" in v else [g.get("index") for g in v.get("perGpu") or []] or sorted(v)) for k, v in (d.get("workloads") or {}).items()})' "$R/probe-gpu1-full.json"

step "released"
release
nvidia-smi --query-gpu=index,memory.used --format=csv
pgrep -af "gpu_doctor_probe|memory-filler" | grep -v pgrep || echo "nothing left running"
diag after
verdict after

# Item 2 where 4 or more GPUs are lent: step 6's 56 (at 8) ordered pairs in rounds of disjoint pairs (this
# build) against one pair at a time (the probe of main before it, when git can show it), links only, twice each.
if [ "$(nvidia-smi -L | wc -l)" -ge 4 ]; then
  step "step 6 on every GPU: rounds of disjoint pairs against one pair at a time"
  git show e1fdf64:resources/probe/gpu_doctor_probe.py >/tmp/probe-before.py 2>/dev/null || rm -f /tmp/probe-before.py
  for i in 1 2; do
    diag links-rounds-$i -- --steps gpu-visible,gpu-links
    [ -s /tmp/probe-before.py ] && diag links-one-at-a-time-$i GPU_DOCTOR_PROBE=/tmp/probe-before.py -- --steps gpu-visible,gpu-links
  done
  for f in "$R"/links-*.json; do
    "$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); s=[x for x in d["steps"] if x["id"]=="gpu-links"][0]; e=s["evidence"]; c=[p["copyGBps"] for p in e.get("pairs") or [] if p["copyGBps"]]; print(sys.argv[1].split("/")[-1], s["status"], e.get("copyMode"), "pairs", len(c), "GB/s min/median/max", (round(min(c)), round(sorted(c)[len(c)//2]), round(max(c))) if c else None, "findings", [x["id"] for x in s["findings"]])' "$f"
  done
  grep links- "$R/walls.txt"
fi
