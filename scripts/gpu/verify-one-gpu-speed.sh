#!/usr/bin/env bash
# Where the last second of a one-GPU diagnosis goes, A against B on one machine: the probe of the
# previous commit (OLD_PROBE) against this one (CUDA's driver and contexts started while torch imports,
# no interpreter teardown, step 6's rendezvous before its go), alternated so drift hits both alike; this
# probe without the early CUDA start isolates that part. Also both GPUs, old and new, and the NCCL
# interface case whose WARN quote was fixed without a GPU.
# Usage: DIAG_TIMEOUT=40 scripts/gpu/verify-one-gpu-speed.sh OUT_DIR OLD_PROBE   (about 3 minutes on 2 GPUs)
set -uo pipefail
out=${1:?output folder}
old=${2:?the previous probe script}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
snippet="import sys,importlib.util as u;s=u.find_spec('torch');print(sys.version.split()[0]);print((s.origin if s else '') or '')"
for i in 1 2 3; do
  t0=$(date +%s%N); "$py" -c "$snippet" >/dev/null; echo "interpreter check $i: $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
done
t0=$(date +%s%N); "$py" -c "import torch" ; echo "import torch alone: $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
diag warm-up CUDA_VISIBLE_DEVICES=0
for i in 1 2 3; do
  diag "one-gpu-old-$i" CUDA_VISIBLE_DEVICES=0 GPU_DOCTOR_PROBE="$old"
  diag "one-gpu-new-$i" CUDA_VISIBLE_DEVICES=0
  diag "one-gpu-new-no-early-cuda-$i" CUDA_VISIBLE_DEVICES=0 GPU_DOCTOR_NO_EARLY_CUDA=1
done
if [ "$(nvidia-smi -L | wc -l)" -gt 1 ]; then
  for i in 1 2; do
    diag "all-gpus-old-$i" GPU_DOCTOR_PROBE="$old"
    diag "all-gpus-new-$i"
  done
  diag nccl-ifname-missing NCCL_SOCKET_IFNAME=gd-no-such-if0 -- --steps gpu-visible,gpu-links
fi
"$py" -X importtime -c "import torch" 2> "$out/importtime.txt"
sort -t'|' -k2 -n -r "$out/importtime.txt" | head -25 > "$out/importtime-top.txt"
echo "== leftovers"; pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
