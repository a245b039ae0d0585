#!/usr/bin/env bash
# Runs on a GPU machine (no Node installed): the five-step diagnosis as users run it, then broken on
# purpose three ways, plus raw probe captures for the test fixtures. Writes everything to $1.
set -uo pipefail
out=${1:?output folder}
mkdir -p "$out/probes"
py=$(command -v python3)
cli="node out/cli/gpu-doctor.cjs"
log="$out/log.txt"
exec > >(tee "$log") 2>&1

echo "== nvidia-smi -L"; nvidia-smi -L
echo "== interpreters"; $cli interpreters
echo "== diagnose (human)"; TIMEFORMAT="diagnose wall %R s"; time $cli diagnose --python "$py"; echo "exit $?"
echo "== diagnose --json"; $cli diagnose --python "$py" --json > "$out/diagnose.json"; echo "exit $?"
echo "== collect_env, the obvious alternative, timed in the same run"
TIMEFORMAT="collect_env wall %R s"; time "$py" -m torch.utils.collect_env > "$out/probes/collect_env.txt" 2>&1
tail -1 "$out/probes/collect_env.txt"

echo "== broken 1: CUDA_VISIBLE_DEVICES=\"\""
CUDA_VISIBLE_DEVICES="" $cli diagnose --python "$py" --json > "$out/diagnose-cvd-empty.json"; echo "exit $?"
CUDA_VISIBLE_DEVICES="" $cli diagnose --python "$py" --steps gpu-visible,cudnn-loaded; echo "exit $?"

echo "== broken 2: LD_LIBRARY_PATH shadows the wheel's cuDNN 9.19 with the system's 9.14"
mkdir -p /tmp/shadow && ln -sf /usr/lib/x86_64-linux-gnu/libcudnn*.so.9* /tmp/shadow/ && ls /tmp/shadow | head -3
LD_LIBRARY_PATH=/tmp/shadow $cli diagnose --python "$py" --json > "$out/diagnose-cudnn-shadow.json"; echo "exit $?"
LD_LIBRARY_PATH=/tmp/shadow $cli diagnose --python "$py" --steps cudnn-loaded,ldd-linkage,conv-timing; echo "exit $?"

echo "== broken 3: probe switch --disable-cudnn"
$cli diagnose --python "$py" --disable-cudnn --json > "$out/diagnose-disable-cudnn.json"; echo "exit $?"
$cli diagnose --python "$py" --disable-cudnn --steps cudnn-loaded,conv-timing; echo "exit $?"

echo "== raw probe captures (fixtures)"
"$py" resources/probe/gpu_doctor_probe.py --workload cudnn-maps --workload sustained --seconds 2 --workload conv > "$out/probes/probe-ok.json" 2>/dev/null
CUDA_VISIBLE_DEVICES="" "$py" resources/probe/gpu_doctor_probe.py --workload conv > "$out/probes/probe-cvd-empty.json" 2>/dev/null
LD_LIBRARY_PATH=/tmp/shadow "$py" resources/probe/gpu_doctor_probe.py --workload cudnn-maps --workload conv > "$out/probes/probe-cudnn-shadow.json" 2>/dev/null
"$py" resources/probe/gpu_doctor_probe.py --disable-cudnn --workload conv > "$out/probes/probe-disable-cudnn.json" 2>/dev/null
nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,driver_version,compute_cap,memory.total,memory.used,utilization.gpu,temperature.gpu,power.draw,power.limit,clocks.sm --format=csv > "$out/probes/smi.csv"
tar -C "$out" -czf "$out/probes.tar.gz" probes && rm -rf "$out/probes"
echo "== leftover processes"; pgrep -a nvidia-smi || echo "no nvidia-smi"; pgrep -af gpu_doctor_probe || echo "no probe"
