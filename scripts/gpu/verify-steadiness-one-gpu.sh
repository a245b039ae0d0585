#!/usr/bin/env bash
# Step 4's steadiness on a machine with one GPU (or GPU 0 of several): the bench's load-length row, idle
# diagnoses (the 8 s target), --seconds 1, and another process on GPU 0 that starts working with step 4
# (held slower: against the model only, there is no sibling) or a second into it (unsteady), or that was
# busy before (contended, as before).
# Usage: DIAG_TIMEOUT=40 [SKIP_BENCH=1] scripts/gpu/verify-steadiness-one-gpu.sh OUT_DIR   (about 3 minutes; out/bench carried)
set -uo pipefail
out=${1:?output folder}
. "$(dirname "$0")/diagnose-lib.sh"
export CUDA_VISIBLE_DEVICES=0
nvidia-smi -L | tee "$out/gpus.txt"
if [ -z "${SKIP_BENCH:-}" ]; then
GPU_DOCTOR_BENCH_PYTHON="$py" timeout 100 node out/bench/worker.mjs import-torch 3 > "$out/bench-import-torch.json" 2>&1
echo "bench import-torch exit $?: $(cat "$out/bench-import-torch.json")" | tee -a "$out/walls.txt"
GPU_DOCTOR_BENCH_PYTHON="$py" timeout 150 node out/bench/worker.mjs load-length 3 > "$out/bench-load-length.json" 2> "$out/bench-load-length.stderr"
echo "bench load-length exit $?" | tee -a "$out/walls.txt"
fi

# gated NAME DUTY DELAY: another process on GPU 0, idle until step 4 starts, then busy DUTY of the time from DELAY s in.
gated() {
  local name=$1 duty=$2 delay=$3
  rm -f /tmp/gd-go
  "$py" scripts/gpu/gated-load.py /tmp/gd-go "$duty" "$delay" 4 > "$out/$name.load.txt" 2>&1 & local lp=$!
  pids+=($lp)
  for _ in $(seq 300); do grep -q ready "$out/$name.load.txt" 2>/dev/null && break; sleep 0.1; done
  echo "== diagnose $name (GPU 0 busy $duty of the time from $delay s into step 4)"
  local t0; t0=$(date +%s%N)
  timeout "${DIAG_TIMEOUT:-100}" $cli diagnose --python "$py" --json --no-save --no-wait > "$out/$name.json" 2> "$out/$name.stderr" & local dp=$!
  for _ in $(seq 2000); do grep -q "SM utilisation" "$out/$name.stderr" 2>/dev/null && break; kill -0 $dp 2>/dev/null || break; sleep 0.01; done
  touch /tmp/gd-go
  wait $dp; local rc=$?
  echo "$name exit $rc wall $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
  wait $lp; cat "$out/$name.load.txt"
}

diag warm-up
for i in 1 2 3 4; do diag "one-gpu-$i"; done
diag seconds1-1 -- --seconds 1
diag seconds1-2 -- --seconds 1
gated steady30 0.3 0
gated midway 0.5 1.0
"$py" scripts/gpu/bf16-load.py 25 > "$out/load-gpu0.txt" 2>&1 & pids+=($!)
sleep 4
diag busy-before
cleanup
echo "== leftovers"; pgrep -af "gpu_doctor_probe|gated-load|bf16-load" | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
