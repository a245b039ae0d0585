#!/usr/bin/env bash
# The last GPU check of a round on 2 GPUs: one GPU's wall time, both GPUs', a malformed allocator setting
# on one GPU (cuda-error-quotes-environment) and on two (the probe's crash quoted through faulthandler),
# and two NCCL settings nobody wrote a rule for (an interface that does not exist; P2P limited to one
# GPU). Usage: scripts/gpu/verify-final-round.sh OUT_DIR   (about 2 minutes)
set -uo pipefail
out=${1:?output folder}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
for i in 1 2 3; do diag "one-gpu-$i" CUDA_VISIBLE_DEVICES=0; done
for i in 1 2; do diag "all-gpus-$i"; done
diag alloc-garbage-one-gpu CUDA_VISIBLE_DEVICES=0 PYTORCH_CUDA_ALLOC_CONF=garbage:yes
diag alloc-garbage-two-gpus PYTORCH_CUDA_ALLOC_CONF=garbage:yes
diag nccl-ifname-missing NCCL_SOCKET_IFNAME=gd-no-such-if0 -- --steps gpu-visible,gpu-links
diag nccl-p2p-level-loc NCCL_P2P_LEVEL=LOC -- --steps gpu-visible,gpu-links
echo "== leftovers"; pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
