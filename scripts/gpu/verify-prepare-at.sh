#!/usr/bin/env bash
# Where step 6's ranks make their NCCL communicator: while step 4 measures against just before step 6
# (GPU_DOCTOR_NCCL_PREPARE_AT=links), alternated, with one GPU for the ratio. Does the set-up disturb step
# 4's TFLOP/s or step 5's per-GPU times, and what does it save? Run at commit 39b3cc5: it did disturb them
# (docs/verification/issue-24-links-overlap/), so the variable and the early set-up were removed after it.
# Usage: DIAG_TIMEOUT=40 scripts/gpu/verify-prepare-at.sh OUT_DIR   (about 2.5 minutes on 4 GPUs)
set -uo pipefail
out=${1:?output folder}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
diag warm-up
for i in 1 2 3 4; do
  diag "all-gpus-at-step4-$i"
  diag "all-gpus-at-links-$i" GPU_DOCTOR_NCCL_PREPARE_AT=links
  diag "one-gpu-$i" CUDA_VISIBLE_DEVICES=0
done
echo "== leftovers"; pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
