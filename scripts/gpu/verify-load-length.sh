#!/usr/bin/env bash
# Step 4's load length: is 1 s enough for the sustained figure? The chunk timeline of 4 s loads from an
# idle GPU (load-length.py), then the real CLI with --seconds 1 against the default 2, alternated, idle and
# with another process keeping the GPU busy; `import torch` alone beside them (the part no build can shorten).
# Usage: DIAG_TIMEOUT=40 scripts/gpu/verify-load-length.sh OUT_DIR   (about 3 minutes on one GPU)
set -uo pipefail
out=${1:?output folder}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
for i in 1 2 3; do
  t0=$(date +%s%N); "$py" -c "import torch"; echo "import torch alone: $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
done
timeout 120 "$py" scripts/gpu/load-length.py resources/probe/gpu_doctor_probe.py "$out/load-length.json" 0.5,0.75,1,1.25,1.5,2,4 3 5 | tee "$out/load-length.txt"
diag warm-up CUDA_VISIBLE_DEVICES=0
for i in 1 2 3 4; do
  diag "one-gpu-s2-$i" CUDA_VISIBLE_DEVICES=0
  diag "one-gpu-s1-$i" CUDA_VISIBLE_DEVICES=0 -- --seconds 1
done
CUDA_VISIBLE_DEVICES=0 "$py" scripts/gpu/bf16-load.py 40 > "$out/load-gpu0.txt" 2>&1 & pids+=($!)
sleep 4
diag busy-s2 CUDA_VISIBLE_DEVICES=0
diag busy-s1 CUDA_VISIBLE_DEVICES=0 -- --seconds 1
cleanup
echo "== leftovers"; pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
