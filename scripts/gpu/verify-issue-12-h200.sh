#!/usr/bin/env bash
# Issue 12 on an H200 (not for users; device tool, repo root, Node on PATH, out/ built, koffi carried):
# health idle and under load, the watch scripts, a job sharing its GPU with another (NVML, then dmon),
# and the bench's NVML rows. Everything in issue-12-h200.tgz in $OUT (the device tool brings back few
# files), with the summary, health and bench beside it.
set -u
O=/tmp/gd-work/issue-12-h200
mkdir -p "$O"
PY=${PYTHON:-/opt/torch/.venv/bin/python3}
CLI="node out/cli/gpu-doctor.cjs"
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader; "$PY" -c 'import torch; print(torch.__version__)'; nproc; } > "$O/machine.txt" 2>&1
{ $CLI health; echo "[exit $?]"; $CLI health --under-load; echo "[exit $?]"; } > "$O/health.txt" 2>&1
$CLI health --json > "$O/health.json" 2>&1
$CLI health --under-load --json > "$O/health-under-load.json" 2>&1

# start JOB_NAME SCRIPT...: the job in the background; its PID in $job
start() { local name=$1; shift; "$PY" "$@" > "$O/$name.job.log" 2>&1 & job=$!; }
stop() { kill "$1" 2>/dev/null; pkill -P "$1" 2>/dev/null; wait "$1" 2>/dev/null; }
watch_alone() {
  local name=$1; shift
  start "$name" "$@"; sleep 7
  $CLI watch --pid "$job" --seconds 12 --json > "$O/$name.json" 2> "$O/$name.stderr"; echo "exit $?" >> "$O/$name.stderr"
  stop "$job"; sleep 1
}
watch_alone gpu-bound scripts/gpu/watch-gpu-bound.py
watch_alone input-bound scripts/gpu/watch-input-bound.py
watch_alone launch-bound scripts/gpu/watch-launch-bound.py
watch_alone transfer-bound scripts/gpu/watch-transfer-bound.py

# Off-script: the launch-bound job beside a GPU-bound process on the same GPU.
start neighbour scripts/gpu/watch-gpu-bound.py; neighbour=$job
start shared-job scripts/gpu/watch-launch-bound.py; shared=$job
sleep 8
nvidia-smi --query-compute-apps=pid,used_memory --format=csv > "$O/shared.apps.txt" 2>&1
$CLI watch --pid "$shared" --seconds 12 --json > "$O/shared-launch-bound.nvml.json" 2> "$O/shared-launch-bound.nvml.stderr"
$CLI watch --pid "$shared" --seconds 12 > "$O/shared-launch-bound.nvml.txt" 2>&1
GPU_DOCTOR_SAMPLER=nvidia-smi $CLI watch --pid "$shared" --seconds 12 --json > "$O/shared-launch-bound.dmon.json" 2>&1
$CLI watch --pid "$neighbour" --seconds 12 --json > "$O/shared-gpu-bound.nvml.json" 2>&1
stop "$shared"; stop "$neighbour"; sleep 1
nvidia-smi --query-compute-apps=pid --format=csv,noheader > "$O/left-after.txt" 2>&1

BENCH_DIAGNOSIS=0 node scripts/bench.mjs > "$O/bench.txt" 2>&1
python3 - "$O" > "$O/summary.txt" <<'PY'
import json, sys, glob, os
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    try:
        d = json.load(open(f))
    except Exception as e:
        print(os.path.basename(f), 'unreadable', e); continue
    if 'verdict' in d:
        print(f"{os.path.basename(f)}: {d['verdict']} sm={d['smMean']} job={d.get('jobSmMean')} others={d.get('othersSmMean')} "
              f"pcie={d['pcieMBps']} main={d['cpu']['mainRunnablePercent']} thread={(d['cpu']['busiestThread'] or {}).get('runnablePercent')} "
              f"workers={d['cpu']['workers']} findings={[x['id'] for x in d['findings']]} others={[(o['name'], o['pid'], o['smMean']) for o in d.get('otherProcesses', [])]}")
PY
mkdir -p "${OUT:-/tmp/gd-out}"
tar -C "$(dirname "$O")" -czf "${OUT:-/tmp/gd-out}/issue-12-h200.tgz" issue-12-h200
cp "$O/summary.txt" "$O/health.txt" "$O/bench.txt" "${OUT:-/tmp/gd-out}/"
cat "$O/summary.txt" "$O/health.txt" | head -80
tail -22 "$O/bench.txt"
