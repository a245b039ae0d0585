#!/usr/bin/env bash
# Every GPU of a 4-GPU machine: one GPU against all four (steps 1–6), on the same machine.
# Usage: DIAG_TIMEOUT=40 scripts/gpu/verify-four-gpus.sh OUT_DIR   (about 1.5 minutes)
set -uo pipefail
out=${1:?output folder}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
nvidia-smi topo -m > "$out/topo.txt" 2>&1
diag warm-up CUDA_VISIBLE_DEVICES=0
for i in 1 2; do
  diag "one-gpu-$i" CUDA_VISIBLE_DEVICES=0
  diag "all-gpus-$i"
done
echo "== leftovers"; pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
