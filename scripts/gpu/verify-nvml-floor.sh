#!/usr/bin/env bash
# Issue 12, NVML sampler, third pass on a GPU machine (not for users): GPU Doctor's NVML values beside
# nvidia-smi's after the lean hot path, `npm run bench` with its C floor rows and the panel's 1 s row,
# and `monitor --json` showing per-process utilisation skipped while idle, read under load. Idle, then
# under a bf16 matmul. Needs out/ built (npm run build, node scripts/build-bench.mjs) and koffi
# (node_modules/koffi, node_modules/@koromix/koffi-linux-x64) carried.
set -uo pipefail
dest=${OUT:-/tmp/verify-nvml}/issue-12-nvml-floor
mkdir -p "$dest"
cli=out/cli/gpu-doctor.cjs
nvidia-smi --query-gpu=name,driver_version,pstate --format=csv,noheader > "$dest/gpu.txt" 2>&1
node out/bench/verify-nvml.mjs idle > "$dest/verify-idle.json" 2>&1
node "$cli" monitor --json --count 12 --interval 1000 > "$dest/monitor-idle.jsonl" 2>&1
BENCH_DIAGNOSIS=0 node scripts/bench.mjs > "$dest/bench-idle.txt" 2>&1
cp out/bench/result.json "$dest/bench-idle.json"

python3 scripts/gpu/bf16-load.py 95 > "$dest/load.log" 2>&1 &
load=$!
sleep 10
node out/bench/verify-nvml.mjs load > "$dest/verify-load.json" 2>&1
node "$cli" monitor --json --count 12 --interval 1000 > "$dest/monitor-load.jsonl" 2>&1
BENCH_DIAGNOSIS=0 node scripts/bench.mjs > "$dest/bench-load.txt" 2>&1
wait "$load"
cat "$dest/bench-idle.txt" "$dest/bench-load.txt"
