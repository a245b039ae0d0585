#!/usr/bin/env bash
# Situations no rule names, on 2 GPUs, the previous build (OLD_CLI_DIR with OLD_PROBE) against this one:
# NCCL settings from /etc/nccl.conf instead of the environment; NCCL tuning variables nobody listed
# (NCCL_MAX_NCHANNELS=1, a tiny NCCL_BUFFSIZE, a bogus NCCL_ALGO); a user's NCCL_DEBUG_FILE or
# NCCL_DEBUG_SUBSYS; then, this build only: CUBLAS_WORKSPACE_CONFIG=:0:0, CUDA_DEVICE_MAX_CONNECTIONS=1,
# the whole run on one CPU core, --gpus 0 under CUDA_VISIBLE_DEVICES=1, a repeated CUDA_VISIBLE_DEVICES
# ordinal, two diagnoses at once, and GPU 1's memory filled by another process.
# Usage: DIAG_TIMEOUT=60 scripts/gpu/verify-off-script.sh OUT_DIR OLD_CLI_DIR OLD_PROBE   (about 6 minutes)
set -uo pipefail
out=${1:?output folder}
old_cli=${2:?the previous build\'s out/cli folder}
old_probe=${3:?the previous probe script}
. "$(dirname "$0")/diagnose-lib.sh"
new_cli=$cli
old="node $old_cli/gpu-doctor.cjs"
nvidia-smi -L | tee "$out/gpus.txt"
links=(-- --steps gpu-visible,gpu-links)

# both NAME [ENV...] -- [ARGS]: the same case with the previous build, then this one.
both() {
  local name=$1; shift
  cli=$old; diag "$name-old" GPU_DOCTOR_PROBE="$old_probe" "$@"
  cli=$new_cli; diag "$name-new" "$@"
}

diag warm-up
both idle
[ -e /etc/nccl.conf ] && cp /etc/nccl.conf "$out/etc-nccl.conf.before"
printf '# site settings\nNCCL_P2P_DISABLE=1\n' > /etc/nccl.conf
both conf-p2p-disabled "${links[@]}"
rm -f /etc/nccl.conf
both max-nchannels-1 NCCL_MAX_NCHANNELS=1 "${links[@]}"
both buffsize-64k NCCL_BUFFSIZE=65536 "${links[@]}"
both algo-bogus NCCL_ALGO=NoSuchAlgo "${links[@]}"
both debug-file NCCL_DEBUG=WARN NCCL_DEBUG_FILE=/tmp/gd-nccl.%p.log "${links[@]}"
both debug-subsys-coll NCCL_DEBUG_SUBSYS=COLL "${links[@]}"
ls -la /tmp/gd-nccl.*.log 2>/dev/null | head -4; rm -f /tmp/gd-nccl.*.log

cli=$new_cli
diag cublas-ws-zero CUBLAS_WORKSPACE_CONFIG=:0:0
diag max-connections-1 CUDA_DEVICE_MAX_CONNECTIONS=1
cli="taskset -c 0 node out/cli/gpu-doctor.cjs"; diag one-cpu-core; cli=$new_cli
diag cvd1-gpus0 CUDA_VISIBLE_DEVICES=1 -- --gpus 0 --steps gpu-visible,sm-utilisation
diag cvd-repeated CUDA_VISIBLE_DEVICES=1,1 -- --steps gpu-visible,sm-utilisation

echo "== two diagnoses at once"
t0=$(date +%s%N)
$cli diagnose --python "$py" --json --no-save --no-wait > "$out/twice-a.json" 2> "$out/twice-a.stderr" & a=$!
sleep 1
$cli diagnose --python "$py" --json --no-save --no-wait > "$out/twice-b.json" 2> "$out/twice-b.stderr"; echo "twice-b exit $? wall $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
wait $a; echo "twice-a exit $? wall $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"

echo "== GPU 1's memory filled by another process"
CUDA_VISIBLE_DEVICES=1 "$py" scripts/gpu/memory-filler.py > "$out/filler.txt" 2>&1 & fp=$!
pids+=($fp)
for _ in $(seq 600); do grep -q ready "$out/filler.txt" 2>/dev/null && break; sleep 0.1; done
cat "$out/filler.txt"; nvidia-smi --query-gpu=index,memory.used,memory.total --format=csv | tee "$out/filler-smi.txt"
both gpu1-memory-full
kill $fp; wait $fp 2>/dev/null

cleanup
echo "== leftovers"; pgrep -af "gpu_doctor_probe|memory-filler" | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
[ -e "$out/etc-nccl.conf.before" ] && cp "$out/etc-nccl.conf.before" /etc/nccl.conf
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
