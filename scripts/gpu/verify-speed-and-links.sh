#!/usr/bin/env bash
# Issues 23/24 on 2 GPUs, after the speed work: where a diagnosis spends its time (torch's import, each
# step), one GPU vs all GPUs (with and without step 6), step 5 against torch.utils.benchmark at the new
# defaults and warm-ups, a busy GPU during step 6, the allocator settings on two GPUs, and the DDP
# straggler under watch. Usage: scripts/gpu/verify-speed-and-links.sh OUT_DIR   (about 6 minutes)
set -uo pipefail
out=${1:?output folder}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
nvidia-smi --query-gpu=index,name,driver_version,power.limit,clocks.max.sm --format=csv >> "$out/gpus.txt"

# 1. Where torch's import spends its time (twice: the second is the warm figure), and the probe alone.
for i in 1 2; do
  t0=$(date +%s%N); "$py" -X importtime -c "import torch" 2> "$out/importtime-$i.txt"
  echo "import torch $i: $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
done
t0=$(date +%s%N); "$py" -c "pass"; echo "python -c pass: $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
t0=$(date +%s%N)
CUDA_VISIBLE_DEVICES=0 "$py" resources/probe/gpu_doctor_probe.py --workload cudnn-maps --workload sustained --workload conv > "$out/probe-alone.json" 2> "$out/probe-alone.stderr"
echo "probe alone (1 GPU) spawned at $(( t0 / 1000000 )) ms, ended after $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"

# 2. One GPU (what a one-GPU machine sees) vs all GPUs, alternated, 3 each; all GPUs without step 6, 2.
for i in 1 2 3; do diag "one-gpu-$i" CUDA_VISIBLE_DEVICES=0; diag "all-gpus-$i"; done
for i in 1 2; do diag "all-gpus-no-links-$i" -- --steps gpu-visible,cudnn-loaded,ldd-linkage,sm-utilisation,conv-timing; done

# 3. Step 5 against torch.utils.benchmark: the default timing and warm-up, and the shorter ones.
CONV_WARMUPS=0.25,0.1 "$py" scripts/gpu/conv-agreement.py resources/probe/gpu_doctor_probe.py 0.25,0.5 3 > "$out/conv-agreement.json" 2> "$out/conv-agreement.stderr"
echo "conv-agreement exit $?"

# 4. GPU 0 busy with another process, both GPUs diagnosed (step 6 must put slow links on the busy GPU).
CUDA_VISIBLE_DEVICES=0 "$py" scripts/gpu/bf16-load.py 60 > "$out/load-gpu0.txt" 2>&1 & pids+=($!)
sleep 8
diag gpu0-busy
kill "${pids[0]}" 2>/dev/null; wait "${pids[0]}" 2>/dev/null; pids=()

# 5. Allocator settings on two GPUs (GPUs measured one after another; a bad key quoted).
diag expandable-two-gpus PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
diag alloc-garbage-two-gpus PYTORCH_CUDA_ALLOC_CONF=garbage:yes

# 6. A two-rank DDP job, rank 1 slowed, watched through rank 0's PID.
torchrun=$(dirname "$py")/torchrun
"$torchrun" --nproc_per_node=2 scripts/gpu/ddp-straggler.py 40 > "$out/ddp.txt" 2>&1 & pids+=($!)
sleep 18
rank0=$(grep -m1 '^rank 0 pid' "$out/ddp.txt" | awk '{print $4}')
if [ -n "$rank0" ]; then $cli watch --pid "$rank0" --seconds 12 --json > "$out/watch-ddp.json" 2> "$out/watch-ddp.stderr"; echo "watch exit $?"; fi
wait "${pids[0]}" 2>/dev/null; pids=()
echo "== leftovers"; pgrep -a nvidia-smi || echo "no nvidia-smi"; pgrep -af gpu_doctor_probe || echo "no probe"

"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
cat "$out/summary.txt"
