#!/usr/bin/env bash
# Issue 24 on a machine with 2 or 4 GPUs (Ubuntu 24.04, driver 580, torch 2.11 cu130 in /opt/torch/.venv):
# every GPU per step by UUID, a busy GPU, CUDA_VISIBLE_DEVICES by index and UUID, --gpus, NCCL_P2P_DISABLE,
# a two-rank DDP job with one slowed rank under watch --pid, one GPU vs all GPUs wall time, and step 5
# against torch.utils.benchmark at shorter timings. Usage: scripts/gpu/verify-issue-24.sh OUT_DIR
set -uo pipefail
out=${1:?output folder}
. "$(dirname "$0")/diagnose-lib.sh"
nvidia-smi -L | tee "$out/gpus.txt"
nvidia-smi topo -m > "$out/topo.txt" 2>&1
nvidia-smi nvlink -s > "$out/nvlink.txt" 2>&1
n=$(nvidia-smi -L | grep -c '^GPU ')
uuid1=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i 1)
echo "GPUs: $n; GPU 1 is $uuid1"

busy_gpu0() { CUDA_VISIBLE_DEVICES=0 "$py" scripts/gpu/bf16-load.py "$1" > "$out/load-gpu0.txt" 2>&1 & pids+=($!); sleep 8; }

# 1. All idle: every GPU loaded at once.
diag all-idle
# 2. GPU 0 busy with another process; 3. the reported bug: CUDA_VISIBLE_DEVICES=1 while GPU 0 is busy, by index and by UUID.
busy_gpu0 150
diag gpu0-busy
diag cvd1-gpu0-busy CUDA_VISIBLE_DEVICES=1
diag cvd-uuid-gpu0-busy "CUDA_VISIBLE_DEVICES=$uuid1"
diag gpus1-gpu0-busy -- --gpus 1
diag cvd-reversed CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=1,0
kill "${pids[0]}" 2>/dev/null; wait "${pids[0]}" 2>/dev/null; pids=()
# 4. NCCL P2P switched off (what the links step must see: NCCL via SHM, slower than NVLink); NCCL's
# socket transport forced; and the links step alone on all GPUs, then on a pair chosen by --gpus.
diag p2p-disabled NCCL_P2P_DISABLE=1
diag shm-and-p2p-disabled NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1
diag links-only -- --steps gpu-visible,gpu-links
if [ "$n" -ge 4 ]; then diag links-pair-2-3 -- --steps gpu-visible,gpu-links --gpus 2,3; fi
# 5. Power limit lowered on the last GPU would be the sibling case; not done here (it changes the machine).
# 6. One GPU vs all GPUs, 2 each, alternated.
for i in 1 2; do diag "one-gpu-$i" -- --gpus 0; diag "all-gpus-$i"; done
# 6b. A shorter single-GPU diagnosis (the ≤ 8 s target): 2 s of load, 0.5 s per conv case; compare its
# TFLOP/s and conv times with the defaults above, and step 8's agreement at 0.5 s.
for i in 1 2; do diag "fast-one-gpu-$i" -- --gpus 0 --seconds 2 --conv-seconds 0.5; done
# 7. A two-rank DDP job, rank 1 slowed, watched through rank 0's PID.
torchrun=$(dirname "$py")/torchrun
"$torchrun" --nproc_per_node=2 scripts/gpu/ddp-straggler.py 45 > "$out/ddp.txt" 2>&1 & pids+=($!)
sleep 20
rank0=$(grep -m1 '^rank 0 pid' "$out/ddp.txt" | awk '{print $4}')
echo "== watch --pid $rank0 (rank 0)"
if [ -n "$rank0" ]; then $cli watch --pid "$rank0" --seconds 15 --json > "$out/watch-ddp.json" 2> "$out/watch-ddp.stderr"; echo "watch exit $?"; fi
wait "${pids[0]}" 2>/dev/null; pids=()
# 8. Step 5 against torch.utils.benchmark at shorter timings, and the existing 1 s reference.
"$py" scripts/gpu/conv-agreement.py resources/probe/gpu_doctor_probe.py 0.25,0.5,1.0 2 > "$out/conv-agreement.json" 2> "$out/conv-agreement.stderr"
echo "conv-agreement exit $?"
# 9. The bench (needs node_modules for esbuild): its 1 vs all GPUs and agreement rows.
if [ -d node_modules/esbuild ]; then
  GPU_DOCTOR_BENCH_PYTHON="$py" BENCH_DIAGNOSIS_RUNS=3 BENCH_SAMPLES=20 npm run -s bench > "$out/bench.txt" 2>&1; echo "bench exit $?"
fi
echo "== leftovers"; pgrep -a nvidia-smi || echo "no nvidia-smi"; pgrep -af gpu_doctor_probe || echo "no probe"; pgrep -af ddp-straggler || echo "no ddp"

"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
cat "$out/summary.txt"
