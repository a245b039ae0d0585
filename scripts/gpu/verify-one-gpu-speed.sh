#!/usr/bin/env bash
# Where the last second of a diagnosis goes, A against B on one machine: the previous build (OLD_CLI_DIR
# with OLD_PROBE) against this one, alternated so drift hits both alike. This build starts CUDA's driver and
# contexts while torch imports, skips the probe's teardown, does step 6's rendezvous before its go, runs ldd
# in parallel, stops the SM sampler when step 4's window closes. Also: the detected-Python path (no
# --python), and the NCCL interface case whose WARN quote was fixed without a GPU.
# Usage: DIAG_TIMEOUT=40 scripts/gpu/verify-one-gpu-speed.sh OUT_DIR OLD_CLI_DIR OLD_PROBE   (about 3 minutes on 2 GPUs)
set -uo pipefail
out=${1:?output folder}
old_cli=${2:?the previous build\'s out/cli folder}
old_probe=${3:?the previous probe script}
. "$(dirname "$0")/diagnose-lib.sh"
new_cli=$cli
nvidia-smi -L | tee "$out/gpus.txt"
t0=$(date +%s%N); "$py" -c "import torch" ; echo "import torch alone: $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
diag warm-up CUDA_VISIBLE_DEVICES=0
for i in 1 2 3 4; do
  cli="node $old_cli/gpu-doctor.cjs"; diag "one-gpu-old-$i" CUDA_VISIBLE_DEVICES=0 GPU_DOCTOR_PROBE="$old_probe"
  cli=$new_cli; diag "one-gpu-new-$i" CUDA_VISIBLE_DEVICES=0
done
echo "== detected Python (no --python)"
t0=$(date +%s%N)
CUDA_VISIBLE_DEVICES=0 PATH="$(dirname "$py"):$PATH" timeout "${DIAG_TIMEOUT:-100}" $new_cli diagnose --json --no-save --no-wait > "$out/detected-python.json" 2> "$out/detected-python.stderr"
echo "detected-python exit $? wall $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
if [ "$(nvidia-smi -L | wc -l)" -gt 1 ]; then
  for i in 1 2 3; do
    cli="node $old_cli/gpu-doctor.cjs"; diag "all-gpus-old-$i" GPU_DOCTOR_PROBE="$old_probe"
    cli=$new_cli; diag "all-gpus-new-$i"
  done
  diag nccl-ifname-missing NCCL_SOCKET_IFNAME=gd-no-such-if0 -- --steps gpu-visible,gpu-links
fi
echo "== leftovers"; pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
