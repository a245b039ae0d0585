#!/usr/bin/env bash
# Step 4's thresholds, A against B on one machine: the previous build (OLD_CLI_DIR with OLD_PROBE) took the
# chunks' scatter as the figure's uncertainty; this one takes the gap between the load's two halves. Cases:
# every GPU idle; one GPU alone (the 8 s target); another process that starts working on GPU 1 the moment step 4 starts (a steady slowdown,
# DUTY of every 20 ms) or a second into it (a drop mid-load); --seconds 1. Then load-length.py on GPU 0.
# Usage: DIAG_TIMEOUT=40 scripts/gpu/verify-steadiness.sh OUT_DIR OLD_CLI_DIR OLD_PROBE   (about 5 minutes, 2 GPUs)
set -uo pipefail
out=${1:?output folder}
old_cli=${2:?the previous build\'s out/cli folder}
old_probe=${3:?the previous probe script}
. "$(dirname "$0")/diagnose-lib.sh"
new_cli=$cli
old="node $old_cli/gpu-doctor.cjs"
nvidia-smi -L | tee "$out/gpus.txt"

# gated NAME new|old DUTY DELAY [-- ARGS]: GPU 1 gets another process that starts DELAY s after step 4 does.
gated() {
  local name=$1 which=$2 duty=$3 delay=$4; shift 4
  [ "${1:-}" = "--" ] && shift
  local c=$new_cli envs=(GPU_DOCTOR_LANG=en)
  [ "$which" = old ] && c=$old && envs+=(GPU_DOCTOR_PROBE="$old_probe")
  rm -f /tmp/gd-go
  CUDA_VISIBLE_DEVICES=1 "$py" scripts/gpu/gated-load.py /tmp/gd-go "$duty" "$delay" 4 > "$out/$name.load.txt" 2>&1 & local lp=$!
  pids+=($lp)
  for _ in $(seq 300); do grep -q ready "$out/$name.load.txt" 2>/dev/null && break; sleep 0.1; done
  echo "== diagnose $name ($which, GPU 1 busy $duty of the time from $delay s into step 4) $*"
  local t0; t0=$(date +%s%N)
  timeout "${DIAG_TIMEOUT:-100}" env "${envs[@]}" $c diagnose --python "$py" --json --no-save --no-wait "$@" > "$out/$name.json" 2> "$out/$name.stderr" & local dp=$!
  for _ in $(seq 2000); do grep -q "SM utilisation" "$out/$name.stderr" 2>/dev/null && break; kill -0 $dp 2>/dev/null || break; sleep 0.01; done
  touch /tmp/gd-go
  wait $dp; local rc=$?
  echo "$name exit $rc wall $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
  wait $lp; cat "$out/$name.load.txt"
}

diag warm-up
for i in 1 2; do
  cli=$old; diag "idle-old-$i" GPU_DOCTOR_PROBE="$old_probe"
  cli=$new_cli; diag "idle-new-$i"
done
cli=$new_cli; diag idle-new-3
for i in 1 2; do
  gated "steady15-old-$i" old 0.15 0
  gated "steady15-new-$i" new 0.15 0
done
gated steady30-old old 0.3 0
gated steady30-new new 0.3 0
gated midway-old old 0.5 1.0
gated midway-new new 0.5 1.0
cli=$new_cli
diag seconds1-new-1 -- --seconds 1
diag seconds1-new-2 -- --seconds 1
for i in 1 2 3; do diag "one-gpu-$i" CUDA_VISIBLE_DEVICES=0; done
timeout 100 "$py" scripts/gpu/load-length.py resources/probe/gpu_doctor_probe.py "$out/load-length.json" 0.5,0.75,1,1.25,1.5,2,4 3 5 | tee "$out/load-length.txt"
cleanup
echo "== leftovers"; pgrep -af "gpu_doctor_probe|gated-load" | grep -v pgrep || echo "no probe"; pgrep -a nvidia-smi || echo "no nvidia-smi"
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
