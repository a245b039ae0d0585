#!/usr/bin/env bash
# Issue 12, NVML sampler, second pass on a GPU machine (not for users): the CPU of each NVML call at
# the panel's cadence and back to back, the bench again (same run, same card), and the memory bytes.
set -uo pipefail
dest=${OUT:-/tmp/verify-nvml}/issue-12-nvml-h100-costs
mkdir -p "$dest"
node out/bench/nvml-call-costs.mjs > "$dest/call-costs.json" 2>&1
node out/bench/verify-nvml.mjs idle > "$dest/verify-idle.json" 2>&1
BENCH_DIAGNOSIS=0 node scripts/bench.mjs > "$dest/bench.txt" 2>&1
cp out/bench/result.json "$dest/bench-result.json"
tar -C "$(dirname "$dest")" -czf "${OUT:-/tmp/verify-nvml}/issue-12-nvml-h100-costs.tgz" "$(basename "$dest")" && rm -rf "$dest"
