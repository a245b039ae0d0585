#!/usr/bin/env bash
# On the GPU machine (device tool): each watch-*.py job started, watched for 15 s after 8 s with
# `gpu-doctor watch --json`, then killed. Usage (repo root, Node on PATH, out/ built):
#   bash scripts/gpu/verify-watch.sh    (results in $OUT, default /tmp/gd-out)
set -u
O=${OUT:-/tmp/gd-out}
mkdir -p "$O"
PY=${PYTHON:-/opt/torch/.venv/bin/python3}
CLI="node out/cli/gpu-doctor.cjs"
nvidia-smi -L > "$O/nvidia-smi-L.txt" 2>&1
nvidia-smi --query-gpu=driver_version --format=csv,noheader >> "$O/nvidia-smi-L.txt" 2>&1
"$PY" -c 'import torch; print(torch.__version__)' >> "$O/nvidia-smi-L.txt" 2>&1
nproc >> "$O/nvidia-smi-L.txt"
watch_one() {
  local name=$1; shift
  "$PY" "$@" > "$O/$name.job.log" 2>&1 &
  local job=$!
  sleep 8
  nvidia-smi --query-compute-apps=pid,used_memory --format=csv > "$O/$name.apps.txt" 2>&1
  $CLI watch --pid "$job" --seconds 15 --json > "$O/$name.json" 2> "$O/$name.stderr"
  echo "exit $?" >> "$O/$name.stderr"
  kill "$job" 2>/dev/null
  pkill -P "$job" 2>/dev/null
  wait "$job" 2>/dev/null
  sleep 1
}
watch_one watch-gpu-bound scripts/gpu/watch-gpu-bound.py
watch_one watch-input-bound scripts/gpu/watch-input-bound.py
watch_one watch-input-bound-workers scripts/gpu/watch-input-bound.py --workers 3
watch_one watch-launch-bound scripts/gpu/watch-launch-bound.py
watch_one watch-transfer-bound scripts/gpu/watch-transfer-bound.py
ls -la "$O"
