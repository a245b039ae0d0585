#!/usr/bin/env bash
# Issue 12, NVML sampler, on a GPU machine (not for users). Needs out/ built (npm run build:cli,
# node scripts/build-bench.mjs) and koffi reachable from out/ (out/node_modules/koffi or ./node_modules).
# Idle, then under a bf16 matmul: GPU Doctor's NVML reads beside nvidia-smi's, `status` and `monitor`
# saying which sampler they use (English and Chinese), and `npm run bench`'s rows in one run.
set -uo pipefail
dest=${OUT:-/tmp/verify-nvml}/issue-12-nvml-h100
mkdir -p "$dest"
cli=out/cli/gpu-doctor.cjs
run() { echo "\$ $*" ; "$@" ; echo "[exit $?]" ; }

nvidia-smi > "$dest/nvidia-smi.txt" 2>&1
node out/bench/verify-nvml.mjs idle > "$dest/verify-idle.json" 2> "$dest/verify-idle.stderr"
{ run node "$cli" status ; run node "$cli" status --lang zh-CN ; } > "$dest/status.txt" 2>&1
run node "$cli" status --json > "$dest/status.json" 2>&1
{ run node "$cli" monitor --json --count 3 --interval 200 ; } > "$dest/monitor-idle.jsonl" 2> "$dest/monitor-idle.stderr"
# Falls back when NVML is refused or absent: the reasons as a user reads them.
{ run env GPU_DOCTOR_SAMPLER=nvidia-smi node "$cli" monitor --count 1 --interval 200
  run env GPU_DOCTOR_NVML_LIBRARY=/nonexistent/libnvidia-ml.so.1 node "$cli" monitor --count 1 --interval 200 --lang zh-CN ; } > "$dest/monitor-fallback.txt" 2>&1
BENCH_DIAGNOSIS=0 node scripts/bench.mjs > "$dest/bench.txt" 2>&1
cp out/bench/result.json "$dest/bench-result.json"

# Under load: one process running bf16 matmuls for ~45 s.
python3 scripts/gpu/bf16-load.py 45 > "$dest/load.log" 2>&1 &
load=$!
sleep 12
node out/bench/verify-nvml.mjs load > "$dest/verify-load.json" 2> "$dest/verify-load.stderr"
{ run node "$cli" monitor --json --count 3 --interval 500 ; } > "$dest/monitor-load.jsonl" 2> "$dest/monitor-load.stderr"
BENCH_DIAGNOSIS=0 BENCH_SAMPLES=30 node scripts/bench.mjs > "$dest/bench-load.txt" 2>&1
wait "$load"
tar -C "$(dirname "$dest")" -czf "${OUT:-/tmp/verify-nvml}/issue-12-nvml-h100.tgz" issue-12-nvml-h100 && rm -rf "$dest"
