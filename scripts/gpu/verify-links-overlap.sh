#!/usr/bin/env bash
# Probe 1.6's step 6: the ranks start with the probe's own torch import (from the CUDA driver's GPU count,
# where every GPU is measured; once step 1's facts are in otherwise), make their CUDA context while torch
# imports and their NCCL communicator while the probe measures its peer copies, time at least 50 ms of
# all-reduces and skip NCCL's teardown. Alternated on one machine against the previous probe (PREV_PROBE),
# with one GPU for the ratio. Then: a busy GPU 0 (step 6's own ranks must not be "other processes"),
# NCCL_P2P_DISABLE=1 (the timed loop at SHM speed), and a communicator that fails before the go
# (NCCL_SOCKET_IFNAME naming no interface: NCCL's WARN quoted at once, not a hang until the deadline).
# Usage: DIAG_TIMEOUT=40 scripts/gpu/verify-links-overlap.sh OUT_DIR PREV_PROBE   (about 4 minutes on 2 GPUs)
set -uo pipefail
out=${1:?output folder}
prev_probe=${2:?the previous probe script}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
"$py" -X importtime -c "import torch" 2> "$out/importtime.txt"
sort -t'|' -k2 -n -r "$out/importtime.txt" | head -25 > "$out/importtime-top.txt"
diag warm-up
for i in 1 2 3; do
  diag "all-gpus-prev-$i" GPU_DOCTOR_PROBE="$prev_probe"
  diag "all-gpus-new-$i"
  diag "one-gpu-$i" CUDA_VISIBLE_DEVICES=0
done
CUDA_VISIBLE_DEVICES=0 "$py" scripts/gpu/bf16-load.py 60 > "$out/load-gpu0.txt" 2>&1 & pids+=($!)
sleep 8
diag gpu0-busy
kill "${pids[0]}" 2>/dev/null; wait "${pids[0]}" 2>/dev/null; pids=()
diag p2p-disabled NCCL_P2P_DISABLE=1
# --gpus naming GPUs in another order: the early ranks do not fit and are replaced by ranks for those GPUs.
diag gpus-reversed -- --gpus 1,0
diag nccl-ifname-missing NCCL_SOCKET_IFNAME=gd-no-such-if0 -- --steps gpu-visible,gpu-links
echo "== leftovers"; pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
